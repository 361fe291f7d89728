import { beforeAll, describe, expect, it } from 'vitest';
import { GET as recordRoute } from '@/app/api/incoming/record/route';
import { GET as incomingRoute } from '@/app/api/incoming/route';
import { GET as whereRoute } from '@/app/api/inventory/product/[plu]/where/route';
import { GET as expectedRoute } from '@/app/api/stores/[storeId]/expected/route';
import { TestClient } from '@/testing/api';
import { boardRecords, calibration, judge, JUDGE_FROM } from '../../../lib/forecast/record.ts';
import { likelihoodWords } from '../../../lib/forecast/words.ts';
import { forecastRecordSchema, incomingReportSchema, productWhereaboutsSchema, storeExpectedSchema } from '../../../lib/forecast/types.ts';
import { addDays } from '../../../lib/time.ts';
import { DEMO_NOW, DEMO_TODAY, expectClientError, query, signedIn, withTestDatabase } from '../../../testing/harness.ts';

// Issue 26's screens read the forecasts the demo seed made with the real forecasting code (demo/forecasts.ts:
// the last two weeks of the generated history replayed as the scraper would have run it, up to DEMO_NOW).
// GET /api/incoming, /api/incoming/record, /api/stores/{id}/expected and where is it now's on_its_way.

withTestDatabase('demo', 'incoming');

const WAKE = 179;
let browser: TestClient;
beforeAll(async () => {
  ({ browser } = await signedIn());
});

describe('GET /api/incoming', () => {
  it("lists Wake's open shipments (the latest first) with their named stores first, likelihoods in words and numbers", async () => {
    const res = await browser.call(incomingRoute, '/api/incoming');
    expect(res.status).toBe(200);
    const body = incomingReportSchema.parse(res.json);
    expect(body.board).toMatchObject({ board_id: WAKE, precision: 'shelf' });
    const open = await query<{ id: string }>(`SELECT id::text FROM incoming WHERE board_id = $1 AND status = 'open' ORDER BY ship_date DESC, id DESC`, [WAKE]);
    expect(open.length).toBeGreaterThan(5);
    const listed = body.incoming.filter((s) => s.status === 'open');
    expect(listed.map((s) => s.incoming_id)).toEqual(open.map((r) => r.id));
    for (const s of listed) {
      const named = s.places.filter((p) => p.named);
      // Named places come first, most likely first; every named one is at least "possible".
      expect(s.places.slice(0, named.length)).toEqual(named);
      for (const p of s.places) {
        expect({ words: p.likelihood_words, inTen: p.likelihood_in_ten }).toEqual(likelihoodWords(p.likelihood));
        expect(p.window_start <= p.window_end).toBe(true);
      }
      for (const p of named) expect(p.likelihood).toBeGreaterThanOrEqual(0.2);
    }
    // The likeliest named store of the latest shipment is the database's.
    const [top] = await query<{ store_id: number; likelihood: number }>(
      `SELECT store_id, likelihood FROM forecasts WHERE incoming_id = $1 AND named ORDER BY likelihood DESC, store_id LIMIT 1`,
      [open[0].id],
    );
    if (top) expect(listed[0].places[0]).toMatchObject({ store: { store_id: top.store_id }, likelihood: Math.round(top.likelihood * 1000) / 1000 });
  });

  it("names a one-store board's store, very likely, with the state's truck window", async () => {
    const [one] = await query<{ board_id: number; store_id: number; plu: string }>(
      `SELECT i.board_id, f.store_id, i.plu FROM incoming i JOIN forecasts f ON f.incoming_id = i.id
        WHERE i.precision = 'store_by_shipment' AND i.status = 'open' ORDER BY i.id LIMIT 1`,
    );
    const body = incomingReportSchema.parse((await browser.call(incomingRoute, `/api/incoming?boardId=${one.board_id}`)).json);
    expect(body.board.precision).toBe('store_by_shipment');
    const shipment = body.incoming.find((s) => s.plu === one.plu)!;
    expect(shipment.places).toEqual([expect.objectContaining({ store: expect.objectContaining({ store_id: one.store_id }), likelihood: 1, likelihood_words: 'very likely', named: true })]);
    expect(body.record.verdict).toBe('unscorable');
  });

  it("says a board whose stores are not told apart as the board itself", async () => {
    const [b] = await query<{ board_id: number }>(`SELECT board_id FROM incoming WHERE precision = 'board' AND status = 'open' ORDER BY id LIMIT 1`);
    const body = incomingReportSchema.parse((await browser.call(incomingRoute, `/api/incoming?boardId=${b.board_id}`)).json);
    expect(body.incoming.length).toBeGreaterThan(0);
    for (const s of body.incoming) expect(s.places.every((p) => p.store === null)).toBe(true);
  });

  it('answers an empty list for a board with nothing on its way', async () => {
    const [b] = await query<{ id: number }>(`SELECT id FROM boards WHERE id NOT IN (SELECT board_id FROM incoming) ORDER BY id LIMIT 1`);
    const body = incomingReportSchema.parse((await browser.call(incomingRoute, `/api/incoming?boardId=${b.id}`)).json);
    expect(body.incoming).toEqual([]);
  });

  it('refuses an unknown board (404), a malformed one (400) and a visitor (401)', async () => {
    expectClientError(await browser.call(incomingRoute, '/api/incoming?boardId=999999'), 404);
    expectClientError(await browser.call(incomingRoute, '/api/incoming?boardId=wake'), 400);
    expectClientError(await new TestClient().call(incomingRoute, '/api/incoming'), 401);
  });
});

describe('GET /api/stores/{storeId}/expected', () => {
  it('lists the open forecasts placing a product at the store within the week, the soonest first', async () => {
    const [store] = await query<{ store_id: number; n: number }>(
      `SELECT f.store_id, count(*)::int AS n FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
        WHERE i.board_id = $1 AND f.outcome = 'open' AND i.status = 'open' AND f.likelihood >= 0.1 AND f.window_start <= $2::date
        GROUP BY f.store_id ORDER BY count(*) DESC, f.store_id LIMIT 1`,
      [WAKE, addDays(new Date().toISOString().slice(0, 10), 7)],
    );
    const res = await browser.call(expectedRoute, `/api/stores/${store.store_id}/expected`, { params: { storeId: String(store.store_id) } });
    expect(res.status).toBe(200);
    const body = storeExpectedSchema.parse(res.json);
    expect(body).toMatchObject({ store_id: store.store_id, board_id: WAKE });
    expect(body.products.length).toBeGreaterThan(0);
    for (const p of body.products) expect(p.place.store?.store_id).toBe(store.store_id);
    const days = body.products.map((p) => p.place.expected_date ?? p.place.window_start);
    expect(days).toEqual([...days].sort());
  });

  it('404s an unknown store', async () => {
    expectClientError(await browser.call(expectedRoute, '/api/stores/99999/expected', { params: { storeId: '99999' } }), 404);
  });
});

describe('where is it now: on its way', () => {
  it("lists a product's open shipments with their named places and those that arrived", async () => {
    const [row] = await query<{ plu: string; boards: number }>(
      `SELECT i.plu, count(DISTINCT i.board_id)::int AS boards FROM incoming i JOIN forecasts f ON f.incoming_id = i.id
        WHERE i.status = 'open' AND (f.named OR f.outcome = 'arrived') GROUP BY i.plu ORDER BY count(DISTINCT i.board_id) DESC, i.plu LIMIT 1`,
    );
    const body = productWhereaboutsSchema.parse((await browser.call(whereRoute, `/api/inventory/product/${row.plu}/where`, { params: { plu: row.plu } })).json);
    expect(new Set(body.on_its_way.map((s) => s.board_id)).size).toBe(row.boards);
    for (const s of body.on_its_way) {
      expect(s.plu).toBe(row.plu);
      expect(s.places.every((p) => p.named || p.outcome === 'arrived')).toBe(true);
    }
  });
});

describe('the record', () => {
  it('GET /api/incoming/record: every shelf board first, then the other boards that had forecasts', async () => {
    const body = forecastRecordSchema.parse((await browser.call(recordRoute, '/api/incoming/record')).json);
    const kinds = body.boards.map((b) => b.precision);
    expect(kinds.slice(0, 4)).toEqual(['shelf', 'shelf', 'shelf', 'shelf']);
    expect(kinds.indexOf('shelf', 4)).toBe(-1);
    const [{ n }] = await query<{ n: number }>(`SELECT count(DISTINCT board_id)::int AS n FROM incoming i WHERE precision <> 'shelf'`);
    expect(body.boards.length).toBe(4 + n);
  });

  it('calibrates the closed forecasts of every kind of board by the likelihood they first stated', async () => {
    const kinds = await calibration(DEMO_NOW);
    expect(kinds.map((k) => k.precision)).toEqual(['shelf', 'store_by_shipment', 'board']);
    const rows = await query<{ precision: string; closed: number; arrived: number }>(
      `SELECT i.precision, count(*)::int AS closed, count(*) FILTER (WHERE f.outcome = 'arrived')::int AS arrived
         FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
        WHERE f.outcome IN ('arrived', 'not_arrived') AND f.closed_at >= $1::timestamptz - interval '90 days' AND f.closed_at <= $1
        GROUP BY i.precision`,
      [DEMO_NOW],
    );
    const shelf = rows.find((r) => r.precision === 'shelf');
    expect(shelf?.closed ?? 0).toBeGreaterThan(0);
    for (const k of kinds) {
      const r = rows.find((x) => x.precision === k.precision);
      expect(k.forecasts).toBe(r?.closed ?? 0);
      const cameTrue = k.buckets.reduce((n, b) => n + Math.round((b.came_true ?? 0) * b.forecasts), 0);
      expect(cameTrue).toBe(r?.arrived ?? 0);
    }
    // The answer carries it.
    const body = forecastRecordSchema.parse((await browser.call(recordRoute, '/api/incoming/record')).json);
    expect(body.calibration.map((k) => k.precision)).toEqual(['shelf', 'store_by_shipment', 'board']);
  });

  it("counts Wake's named forecasts and scored arrivals over 30 and 90 days as the tables say", async () => {
    const [wake] = await boardRecords([{ board_id: WAKE, name: 'Wake County', precision: 'shelf' }], DEMO_NOW);
    for (const period of wake.periods) {
      const since = addDays(DEMO_TODAY, -period.days);
      const [named] = await query<{ closed: number; arrived: number }>(
        `SELECT count(*) FILTER (WHERE f.outcome IN ('arrived', 'not_arrived'))::int AS closed, count(*) FILTER (WHERE f.outcome = 'arrived')::int AS arrived
           FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
          WHERE i.board_id = $1 AND f.named AND f.window_end >= $2::date AND f.window_end < $3::date`,
        [WAKE, since, DEMO_TODAY],
      );
      const [scores] = await query<{ arrivals: number; ahead: number }>(
        `SELECT count(*)::int AS arrivals, count(*) FILTER (WHERE ahead)::int AS ahead FROM forecast_scores
          WHERE board_id = $1 AND arrived_at >= ($2::date::timestamp AT TIME ZONE 'America/New_York') AND arrived_at <= $3`,
        [WAKE, since, DEMO_NOW],
      );
      expect(period).toMatchObject({ named_closed: named.closed, named_arrived: named.arrived, arrivals: scores.arrivals, forecast_ahead: scores.ahead });
      expect(period.precision).toBe(named.closed ? named.arrived / named.closed : null);
      expect(period.recall).toBe(scores.arrivals ? scores.ahead / scores.arrivals : null);
    }
    // The replay scored Wake's arrivals: the demo has a record to show.
    expect(wake.periods[1].arrivals).toBeGreaterThan(0);
  });

  it('calls a record poor under 50% over 90 days, says so in words, and waits for enough closed forecasts', () => {
    const period = { days: 90 as const, named_closed: 20, named_arrived: 8, precision: 0.4, arrivals: 30, forecast_ahead: 24, recall: 0.8, median_lead_hours: 50, unscorable: 0 };
    expect(judge('shelf', period)).toEqual({
      verdict: 'poor',
      note: "This board's forecasts are often wrong: over 90 days, 40% of the stores it named got the bottle and 80% of arrivals were forecast ahead.",
    });
    expect(judge('shelf', { ...period, named_arrived: 14, precision: 0.7 })).toEqual({ verdict: 'good', note: null });
    expect(judge('shelf', { ...period, named_closed: JUDGE_FROM - 1, arrivals: JUDGE_FROM - 1 }).verdict).toBe('too_few');
    expect(judge('board', period).verdict).toBe('unscorable');
  });
});

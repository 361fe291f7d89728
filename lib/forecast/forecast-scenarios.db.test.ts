import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../simulator/index.ts';
import type { TestDatabase } from '../../testing/database.ts';
import { startScraperScenario, type ScraperScenario } from '../../testing/scraper-scenario.ts';
import { sql } from '../../testing/sql.ts';
import { addDays, nyTimeToUtc, ymdToDayNumber } from '../time.ts';
import { runCycle } from '../ingest/runner.ts';

// Issue 26: the real scraper reads the simulator's shipments extract every day (11:20 New York) and Durham's
// shelves right after each of its stores' deliveries (allocated bottles sell within hours) for two weeks, in a world where shipments cause arrivals
// (simulator/arrivals.ts): Durham's history builds from the world's own orders. Then a hunted product
// Durham never got is shipped to it, and another to Boone (one store). The forecasts made after the extract
// that counts them, their windows and likelihoods, and how each is closed and scored against Durham's shelves,
// are checked against the simulator's truth.

const DURHAM = 78;
const BOONE = 43;
const D0 = '2026-10-05'; // a Monday
const HISTORY_DAYS = 14;
const SHIP_DAY = addDays(D0, HISTORY_DAYS); // Monday: both shipments leave at 09:00 and count in that day's extract
const day = ymdToDayNumber;

let sim: RunningSimulator;
let database: TestDatabase;
let stop: ScraperScenario['stop'] | undefined;
const q = <T>(text: string, params: unknown[] = []) => sql<T>(text, params, database.url);

beforeAll(async () => {
  ({ sim, database, stop } = await startScraperScenario('forecastscen', { seed: 26, start: nyTimeToUtc(D0, 0, 0).toISOString(), historyDays: 0 }, { SOURCE_TIMEOUT_MS: '4000' }));
}, 120_000);

afterAll(async () => {
  await stop?.();
});

/** A day of scraper cycles: the extract at 11:20 (the forecasts after it), Durham's shelves a minute after each delivery. */
async function cycleOn(ymd: string) {
  const d = day(ymd);
  const deliveries = sim.world.retailStoresOf(DURHAM).filter((s) => sim.world.isDeliveryDay(s, d)).map((s) => sim.world.deliveryTick(s, d) + 60_000);
  const times = [...new Set([...deliveries, nyTimeToUtc(ymd, 11, 20).getTime()])].sort((a, b) => a - b);
  for (const t of times) {
    sim.world.setTime(t);
    const sources = t === nyTimeToUtc(ymd, 11, 20).getTime() ? ['shipments'] : ['durham_inventory'];
    const { runs } = await runCycle({ now: sim.world.now(), sources });
    for (const r of runs) expect(r.outcome.status, `${r.source} on ${ymd}`).not.toBe('failed');
  }
}

interface Row {
  store_number: number | null;
  likelihood: number;
  named: boolean;
  basis: string;
  expected: string | null;
  ws: string;
  we: string;
  outcome: string;
  arrived_at: Date | null;
  named_at: Date | null;
  lead_minutes: number | null;
  precision: string;
}
/** The forecasts of the test's own shipment (SHIP_DAY): the world's own orders may ship the product there again later. */
const forecastsOf = (plu: string, boardId: number) =>
  q<Row>(
    `SELECT s.store_number, f.likelihood, f.named, f.basis, to_char(f.expected_date, 'YYYY-MM-DD') AS expected,
            to_char(f.window_start, 'YYYY-MM-DD') AS ws, to_char(f.window_end, 'YYYY-MM-DD') AS we, f.outcome::text,
            f.arrived_at, f.named_at, f.lead_minutes, i.precision
       FROM forecasts f JOIN incoming i ON i.id = f.incoming_id LEFT JOIN stores s ON s.id = f.store_id
      WHERE i.plu = $1 AND i.board_id = $2 AND i.ship_date = $3 ORDER BY f.likelihood DESC, s.store_number`,
    [plu, boardId, SHIP_DAY],
  );

describe('forecasts against the simulator: a shelf board with history, a product it never got, a one-store board, the scoring', () => {
  let durhamProduct: string;
  let booneProduct: string;

  it('two weeks of extracts and shelves build Durham’s history; the first forecasts have none to learn from', async () => {
    for (let k = 0; k < HISTORY_DAYS; k++) await cycleOn(addDays(D0, k));
    const [history] = await q<{ shipments: number; arrivals: number }>(
      `SELECT (SELECT count(*)::int FROM shipments sh JOIN products p USING (plu) WHERE sh.board_id = $1 AND p.listing_type IN ('Allocation', 'Limited', 'Barrel')) AS shipments,
              (SELECT count(*)::int FROM inventory_history h JOIN stores s ON s.id = h.store_id JOIN products p USING (plu)
                WHERE s.board_id = $1 AND h.change_type IN ('first', 'increase') AND p.listing_type IN ('Allocation', 'Limited', 'Barrel')) AS arrivals`,
      [DURHAM],
    );
    expect(history.shipments).toBeGreaterThan(10);
    expect(history.arrivals).toBeGreaterThan(10);
    // The first days' Durham shipments came before any history: the board as a whole, with the prior window.
    const [first] = await q<{ basis: string; store_id: number | null }>(
      `SELECT f.basis, f.store_id FROM forecasts f JOIN incoming i ON i.id = f.incoming_id WHERE i.board_id = $1 ORDER BY i.ship_date, f.id LIMIT 1`,
      [DURHAM],
    );
    expect(first).toEqual({ basis: 'prior', store_id: null });
  }, 240_000);

  it('a product Durham never got: its stores named from its type and price band, each on its delivery day after the board’s lag', async () => {
    const shipped = new Set((await q<{ plu: string }>(`SELECT DISTINCT plu FROM shipments WHERE board_id = $1`, [DURHAM])).map((r) => r.plu));
    const product = sim.world.data.allocated.find((p) => p.listingType === 'Allocation' && !shipped.has(p.plu) && Number(p.retailPrice) < 60)!;
    durhamProduct = product.plu;
    booneProduct = sim.world.data.allocated.find((p) => p.listingType === 'Limited' && p.plu !== durhamProduct)!.plu;
    sim.world.scheduleShipment({ plu: durhamProduct, boardId: DURHAM, at: nyTimeToUtc(SHIP_DAY, 9, 0), units: 12, lands: true });
    sim.world.scheduleShipment({ plu: booneProduct, boardId: BOONE, at: nyTimeToUtc(SHIP_DAY, 9, 0), units: 6, lands: true });
    await cycleOn(SHIP_DAY);

    const rows = await forecastsOf(durhamProduct, DURHAM);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.precision === 'shelf' && r.basis !== 'product' && r.basis !== 'prior')).toBe(true);
    const named = rows.filter((r) => r.named);
    expect(named.length).toBeGreaterThan(0);
    const stores = sim.world.retailStoresOf(DURHAM);
    for (const r of named) {
      // Durham's stores deliver on Tuesday (odd numbers) or Thursday (even), which only their hunted arrivals tell
      // (its shelves are read for hunted products alone): the window is that day and the next delivery, or the
      // week after the board's lag for a store whose arrivals do not show its day yet.
      const store = stores.find((s) => s.storeNumber === r.store_number)!;
      if (r.expected) {
        expect(new Date(`${r.expected}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })).toBe(store.deliveryDay);
        expect(r.ws).toBe(r.expected);
        expect(day(r.we) - day(r.ws)).toBe(7);
      } else {
        expect(day(r.we) - day(r.ws)).toBe(6);
      }
      expect(day(r.ws)).toBeGreaterThan(day(SHIP_DAY));
      expect(r.named_at).toEqual(nyTimeToUtc(SHIP_DAY, 11, 20));
    }
    expect(named.filter((r) => r.expected).length).toBeGreaterThan(0);
    // Likelihoods are ordered and named from a threshold: every named one above every one that is not.
    const lowestNamed = Math.min(...named.map((r) => r.likelihood));
    expect(rows.filter((r) => !r.named).every((r) => r.likelihood < lowestNamed)).toBe(true);
  }, 60_000);

  it("a one-store board: its only store, named from the state's next business day after the extract, for the five its truck takes", async () => {
    const rows = await forecastsOf(booneProduct, BOONE);
    const [boone] = await q<{ store_number: number }>(`SELECT store_number FROM stores WHERE board_id = $1`, [BOONE]);
    expect(rows).toEqual([
      expect.objectContaining({
        store_number: boone.store_number,
        precision: 'store_by_shipment',
        named: true,
        likelihood: 1,
        // Extract of Monday 10/19: expected Tuesday 10/20, up to the fifth business day, Monday 10/26 (issue 37).
        expected: '2026-10-20',
        ws: '2026-10-20',
        we: '2026-10-26',
        outcome: 'open',
      }),
    ]);
    // The world puts it on that store's shelf inside the window (planned already: arrivalsOn lists the days ahead).
    const landed = [];
    for (let k = 1; k <= 7; k++) landed.push(...sim.world.arrivalsOn(addDays(SHIP_DAY, k), BOONE).filter((a) => a.plu === booneProduct));
    expect(landed).toHaveLength(1);
    expect(landed[0].day).toBeGreaterThanOrEqual(day(rows[0].ws));
    expect(landed[0].day).toBeLessThanOrEqual(day(rows[0].we));
  }, 60_000);

  it('closed forecasts are scored against the shelves: arrived with its lead where the store got it in its window, not arrived elsewhere', async () => {
    const rows0 = await forecastsOf(durhamProduct, DURHAM);
    const lastEnd = rows0.map((r) => r.we).sort().at(-1)!;
    for (let d = addDays(SHIP_DAY, 1); d <= addDays(lastEnd, 1); d = addDays(d, 1)) await cycleOn(d);
    const rows = await forecastsOf(durhamProduct, DURHAM);
    expect(rows.every((r) => r.outcome === 'arrived' || r.outcome === 'not_arrived')).toBe(true);

    // The truth: where the world put the product on Durham's shelves, and when.
    const truth = new Map<number, { day: number; at: number }[]>();
    for (let d = addDays(SHIP_DAY, 1); d <= lastEnd; d = addDays(d, 1)) {
      for (const a of sim.world.arrivalsOn(d, DURHAM).filter((x) => x.plu === durhamProduct)) truth.set(a.storeNumber, [...(truth.get(a.storeNumber) ?? []), { day: a.day, at: a.at }]);
    }
    expect(truth.size).toBeGreaterThan(0);
    for (const r of rows) {
      const inWindow = (truth.get(r.store_number!) ?? []).filter((a) => a.day >= day(r.ws) && a.day <= day(r.we));
      expect(r.outcome, `store ${r.store_number}`).toBe(inWindow.length ? 'arrived' : 'not_arrived');
      if (r.outcome !== 'arrived') continue;
      // Seen by the poll a minute after its delivery; the lead runs from when it was named.
      expect(r.arrived_at).toEqual(new Date(inWindow[0].at + 60_000));
      expect(r.lead_minutes).toBe(r.named ? Math.floor((r.arrived_at!.getTime() - r.named_at!.getTime()) / 60_000) : null);
    }
    // Every shelf arrival of the product is scored, with the named forecast that covered it (12 h ahead or more).
    const scores = await q<{ store_number: number; covered: boolean; ahead: boolean }>(
      `SELECT s.store_number, fs.forecast_id IS NOT NULL AS covered, fs.ahead FROM forecast_scores fs JOIN stores s ON s.id = fs.store_id
        WHERE fs.plu = $1 AND fs.board_id = $2 ORDER BY s.store_number`,
      [durhamProduct, DURHAM],
    );
    const arrivedNamed = rows.filter((r) => r.outcome === 'arrived' && r.named).map((r) => r.store_number);
    // One score per arrival: a store whose share came on two trucks (a split) has two.
    expect(scores.map((s) => s.store_number)).toEqual([...truth].flatMap(([store, list]) => list.map(() => store)).sort((a, b) => a - b));
    expect([...new Set(scores.filter((s) => s.covered).map((s) => s.store_number))]).toEqual(arrivedNamed.sort((a, b) => a! - b!));
    expect(scores.filter((s) => s.covered).every((s) => s.ahead)).toBe(true);

    // Boone's forecast closed too: no shelf to score it against.
    expect((await forecastsOf(booneProduct, BOONE)).map((r) => r.outcome)).toEqual(['unscorable']);
    const [open] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM incoming WHERE plu = ANY($1) AND board_id = ANY($2) AND ship_date = $3 AND status = 'open'`, [
      [durhamProduct, booneProduct],
      [DURHAM, BOONE],
      SHIP_DAY,
    ]);
    expect(open.n).toBe(0);
  }, 240_000);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { GET as boardsRoute } from '@/app/api/boards/route';
import { GET as allocatedRoute } from '@/app/api/inventory/allocated-current/route';
import { GET as availableDatesRoute } from '@/app/api/inventory/available-dates/route';
import { POST as analysisRoute } from '@/app/api/inventory/delivery-analysis/route';
import { GET as productStoresRoute } from '@/app/api/inventory/product/[plu]/stores/route';
import { POST as withoutRoute } from '@/app/api/inventory/stores-without-deliveries/route';
import { GET as arrivalsRoute } from '@/app/api/inventory/todays-arrivals/route';
import { GET as storeShipmentsRoute } from '@/app/api/stores/[storeId]/shipments/route';
import { GET as storesRoute } from '@/app/api/stores/route';
import { expectClientError, query, signedIn, TestClient, withTestDatabase } from '../../../testing/harness.ts';
import { ErrorCode } from '../../../lib/api/error-codes.ts';
import { addDays, nyDate } from '../../../lib/time.ts';
import { arrivalsReportSchema, availableDatesSchema, boardDirectorySchema, storeShipmentsSchema, storesSchema } from '../../../lib/reports/types.ts';

// Every board in the state is a board a hunter can choose (issue 24): GET /api/boards lists all 173 with how
// precisely the product places their bottles, Today's Arrivals and its dates answer for any board with what the
// state shipped to it (never as a shelf reading), an unknown board is a 404, and a call that only reads store
// shelves refuses a board whose shelves are not read with a 400 that says where its shipments are.
// Boone (43) has one store, Mecklenburg County (53) 31; the extract's days, relative to today: d4 truncated for
// 53, d3 complete, d2 never read (missing), d1 complete and spanning d2.

withTestDatabase('reference', 'any_board');

const today = nyDate();
const [d1, d2, d3, d4] = [1, 2, 3, 4].map((n) => addDays(today, -n));
let browser: TestClient;
let hunted: string;
let listed: string;
let booneStore: number;

beforeAll(async () => {
  ({ browser } = await signedIn());
  [{ plu: hunted }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' AND bottles_per_case = 6 ORDER BY plu LIMIT 1`);
  [{ plu: listed }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Listed' ORDER BY plu LIMIT 1`);
  [{ id: booneStore }] = await query<{ id: number }>('SELECT id FROM stores WHERE board_id = 43');
  await query(
    `INSERT INTO shipment_days (ship_date, covers_from, status, applied, first_extracted_at, last_extracted_at, records, missing_board_ids) VALUES
       ($1::date, $1::date, 'truncated', true, $1::date + time '15:00', $1::date + time '15:00', 80000, '{53}'),
       ($2::date, $2::date, 'complete', true, $2::date + time '15:00', $2::date + time '15:00', 80000, '{}'),
       ($4::date, $3::date, 'complete', true, $4::date + time '15:05', $4::date + time '15:05', 80000, '{}')`,
    [d4, d3, d2, d1],
  );
  await query(
    `INSERT INTO shipments (plu, board_id, ship_date, units) VALUES
       ($1, 43, $3, 12), ($1, 53, $3, 30), ($2, 53, $3, 60), ($1, 53, $4, 6)`,
    [hunted, listed, d1, d3],
  );
});

const arrivals = (q: Record<string, string>) => browser.call(arrivalsRoute, '/api/inventory/todays-arrivals', { query: q });

describe('GET /api/boards', () => {
  it('lists every board with its precision: 4 shelf, 100 one-store, 69 board', async () => {
    const res = await browser.call(boardsRoute, '/api/boards');
    expect(res.status).toBe(200);
    const { boards } = boardDirectorySchema.parse(res.json);
    expect(boards).toHaveLength(173);
    const count = (p: string) => boards.filter((b) => b.precision === p).length;
    expect([count('shelf'), count('store_by_shipment'), count('board')]).toEqual([4, 100, 69]);
    expect(boards.map((b) => b.name)).toEqual([...boards.map((b) => b.name)].sort((a, b) => a.localeCompare(b, 'en')));
    const byId = new Map(boards.map((b) => [b.board_id, b]));
    expect(byId.get(179)).toMatchObject({ name: 'Wake County', precision: 'shelf', stores: 28, retail_stores: 27, only_store: null });
    expect(byId.get(179)!.shelf).toMatchObject({ board_id: 179, source: 'wake_inventory' });
    expect(byId.get(43)).toMatchObject({ precision: 'store_by_shipment', stores: 1, retail_stores: 1, shelf: null, shipments: { last_day: d1 } });
    expect(byId.get(43)!.only_store).toMatchObject({ store_id: booneStore, mixed_beverage: 0 });
    expect(byId.get(53)).toMatchObject({ precision: 'board', stores: 31, only_store: null, shelf: null, shipments: { last_day: d1 } });
    expect(byId.get(260)).toMatchObject({ precision: 'board', stores: 0, only_store: null, shipments: { last_day: null } });
    // Today has no report yet: pending before 12:30 New York time, late after. Never "complete".
    expect(['pending', 'late']).toContain(byId.get(53)!.shipments.today_status);
  });

  it('is for signed-in users only', async () => {
    expectClientError(await new TestClient().call(boardsRoute, '/api/boards'), 401);
  });
});

describe("todays-arrivals for a board whose shelves are not read", () => {
  it("lists Mecklenburg's hunted shipments of the day as the board's, never as shelf arrivals", async () => {
    const res = await arrivals({ date: d1, boardId: '53' });
    expect(res.status).toBe(200);
    const answer = arrivalsReportSchema.parse(res.json);
    expect(answer).toMatchObject({ date: d1, arrivals: [], total_arrivals: 0, last_check: null, precision: 'board', total_shipments: 1 });
    expect(answer.shipments).toEqual([
      expect.objectContaining({ plu: hunted, units: 30, cases: 5, ship_date: d1, covers_from: d2, precision: 'board', store: null }),
    ]);
    // d1's report also counts d2's shipments (d2 had none): the day says so.
    expect(answer.shipment_day).toMatchObject({ status: 'spans', covers_from: d2, missing_dates: [d2] });
    expect(answer.shipment_day.extracted_at).not.toBeNull();
    expect(answer.shipment_day.note).toContain(`also include`);
  });

  it("names Boone's only store on its shipment", async () => {
    const answer = arrivalsReportSchema.parse((await arrivals({ date: d1, boardId: '43' })).json);
    expect(answer.precision).toBe('store_by_shipment');
    expect(answer.shipments).toEqual([expect.objectContaining({ units: 12, cases: 2, precision: 'store_by_shipment', store: expect.objectContaining({ store_id: booneStore }) })]);
  });

  it('says a day without a report is missing, and a cut-short report is incomplete for the board it left out', async () => {
    const missing = arrivalsReportSchema.parse((await arrivals({ date: d2, boardId: '53' })).json);
    expect(missing).toMatchObject({ total_shipments: 0, shipments: [], shipment_day: { status: 'missing', extracted_at: null } });
    expect(missing.shipment_day.note).toMatch(/^No shipment report for/);
    const truncated = arrivalsReportSchema.parse((await arrivals({ date: d4, boardId: '53' })).json);
    expect(truncated.shipment_day.status).toBe('truncated');
    expect(truncated.shipment_day.note).toContain('incomplete');
    // Boone was in that report: its day is complete.
    expect(arrivalsReportSchema.parse((await arrivals({ date: d4, boardId: '43' })).json).shipment_day).toMatchObject({ status: 'complete', note: null });
  });

  it('a shelf board keeps its shelf arrivals and lists its shipments apart', async () => {
    const wake = arrivalsReportSchema.parse((await arrivals({ date: d1 })).json);
    expect(wake).toMatchObject({ precision: 'shelf', total_shipments: 0, shipments: [] });
  });

  it('available-dates for a non-shelf board are the days with hunted shipments to it', async () => {
    const res = await browser.call(availableDatesRoute, '/api/inventory/available-dates', { query: { boardId: '53', currentDate: d1, direction: 'previous' } });
    expect(res.status).toBe(200);
    expect(availableDatesSchema.parse(res.json)).toEqual({ success: true, allAvailableDates: [d1, d3], availableDate: d3, basis: 'shipments' });
    const next = await browser.call(availableDatesRoute, '/api/inventory/available-dates', { query: { boardId: '53', currentDate: d3, direction: 'next' } });
    expect(next.json).toMatchObject({ availableDate: d1, basis: 'shipments' });
    const wake = await browser.call(availableDatesRoute, '/api/inventory/available-dates', { query: { currentDate: today } });
    expect(wake.json.basis).toBe('shelf');
  });
});

describe('boardId on every store-level call', () => {
  it('an unknown board is a 404 BOARD_NOT_FOUND', async () => {
    const calls = [
      () => arrivals({ boardId: '999' }),
      () => browser.call(availableDatesRoute, '/api/inventory/available-dates', { query: { boardId: '999' } }),
      () => browser.call(storesRoute, '/api/stores', { query: { boardId: '999' } }),
      () => browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId: '999' } }),
      () => browser.call(productStoresRoute, `/api/inventory/product/${hunted}/stores`, { params: { plu: hunted }, query: { boardId: '999' } }),
      () => browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body: { plu: hunted, weeksBack: 0, boardId: 999 } }),
      () => browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { boardId: 999 } }),
    ];
    for (const call of calls) {
      const res = await call();
      expectClientError(res, 404);
      expect(res.json.code).toBe(ErrorCode.BOARD_NOT_FOUND);
    }
  });

  it('a board whose shelves are not read is a 400 on the calls that only read shelves, naming where its shipments are', async () => {
    const message = 'boardId 53 (Mecklenburg County): its store shelves are not read; what was shipped to it is in /api/inventory/todays-arrivals?boardId=53';
    const calls = [
      () => browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId: '53' } }),
      () => browser.call(productStoresRoute, `/api/inventory/product/${hunted}/stores`, { params: { plu: hunted }, query: { boardId: '53' } }),
      () => browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body: { plu: hunted, weeksBack: 0, boardId: 53 } }),
      () => browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { boardId: '53' } }),
    ];
    for (const call of calls) {
      const res = await call();
      expectClientError(res, 400);
      expect(res.json.error).toBe(message);
    }
  });

  it("lists any board's stores, saying whether their shelves are read", async () => {
    const res = await browser.call(storesRoute, '/api/stores', { query: { boardId: '53' } });
    expect(res.status).toBe(200);
    const answer = storesSchema.parse(res.json);
    expect(answer).toMatchObject({ precision: 'board', shelf_read: false });
    expect(answer.stores).toHaveLength(31);
    expect(storesSchema.parse((await browser.call(storesRoute, '/api/stores')).json)).toMatchObject({ precision: 'shelf', shelf_read: true });
  });
});

describe('GET /api/stores/{storeId}/shipments', () => {
  const shipments = (storeId: number, q: Record<string, string> = {}) =>
    browser.call(storeShipmentsRoute, `/api/stores/${storeId}/shipments`, { params: { storeId: String(storeId) }, query: q });

  it("is Boone's only store's delivery history: the board's shipments named to it, each day with its status", async () => {
    const res = await shipments(booneStore);
    expect(res.status).toBe(200);
    const answer = storeShipmentsSchema.parse(res.json);
    expect(answer).toMatchObject({ store_id: booneStore, board_id: 43, board_precision: 'store_by_shipment', precision: 'store_by_shipment' });
    expect(answer.days).toHaveLength(30);
    expect(answer.days[0].date).toBe(today);
    const byDate = new Map(answer.days.map((d) => [d.date, d]));
    expect(byDate.get(d1)!.shipments).toEqual([expect.objectContaining({ units: 12, store: expect.objectContaining({ store_id: booneStore }) })]);
    expect(byDate.get(d1)!.status).toBe('spans');
    expect(byDate.get(d2)).toMatchObject({ status: 'missing', shipments: [] });
    expect(byDate.get(d4)!.status).toBe('complete');
    expect(storeShipmentsSchema.parse((await shipments(booneStore, { days: '90' })).json).days).toHaveLength(90);
  });

  it("a Mecklenburg store gets its board's shipments, as the board's", async () => {
    const [{ id }] = await query<{ id: number }>('SELECT id FROM stores WHERE board_id = 53 ORDER BY store_number LIMIT 1');
    const answer = storeShipmentsSchema.parse((await shipments(id)).json);
    expect(answer).toMatchObject({ board_id: 53, board_precision: 'board', precision: 'board' });
    const d1Day = answer.days.find((d) => d.date === d1)!;
    expect(d1Day.shipments).toEqual([expect.objectContaining({ units: 30, precision: 'board', store: null })]);
    expect(answer.days.find((d) => d.date === d4)!.status).toBe('truncated');
  });

  it('404 for an unknown store, 400 for a bad period', async () => {
    expectClientError(await shipments(999999), 404);
    expectClientError(await shipments(booneStore, { days: '7' }), 400);
  });
});

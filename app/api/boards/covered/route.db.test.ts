import { beforeAll, describe, expect, it } from 'vitest';
import { GET as coveredRoute } from '@/app/api/boards/covered/route';
import { GET as allocatedRoute } from '@/app/api/inventory/allocated-current/route';
import { GET as availableDatesRoute } from '@/app/api/inventory/available-dates/route';
import { POST as analysisRoute } from '@/app/api/inventory/delivery-analysis/route';
import { GET as productStoresRoute } from '@/app/api/inventory/product/[plu]/stores/route';
import { GET as historyRoute } from '@/app/api/inventory/store-history/[storeId]/route';
import { POST as withoutRoute } from '@/app/api/inventory/stores-without-deliveries/route';
import { GET as arrivalsRoute } from '@/app/api/inventory/todays-arrivals/route';
import { GET as inventoryRoute } from '@/app/api/stores/[storeId]/inventory/route';
import { GET as storesRoute } from '@/app/api/stores/route';
import { TestClient } from '@/testing/api';
import { ErrorCode } from '@/lib/api/error-codes';
import { DEMO_NOW, DEMO_TODAY, expectClientError, query, signedIn, withTestDatabase } from '../../../../testing/harness.ts';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../../../../lib/reference/boards.ts';
import { STALE_AFTER_HOURS } from '../../../../lib/reports/boards.ts';
import { coveredBoardsSchema } from '../../../../lib/reports/types.ts';

// The board choice of the store-level reports (`boardId`), on the demo data (Wake's history only) plus a few
// rows written here for Durham and Greensboro stores: what happens at one board's stores shows on that board's
// reports and never on Wake's, a board that does not exist is a 404 (any board is a board: app/api/boards/route.db.test.ts), and a store of any covered board has its
// page. Today is Wednesday 11 March 2026 in New York.

withTestDatabase('demo', 'boards');

let browser: TestClient;
let durham: { storeId: number; storeNumber: number; retailStores: number[] };
let greensboroStore: number;
let plu: string;
// A date before the demo history: Durham has an arrival on it, Wake has none.
const OLD_DATE = '2025-12-01';

beforeAll(async () => {
  ({ browser } = await signedIn());
  const durhamStores = await query<{ id: number; store_number: number; mixed_beverage: boolean }>(
    `SELECT id, store_number, mixed_beverage FROM stores WHERE board_id = ${DURHAM_BOARD_ID} ORDER BY store_number`,
  );
  const first = durhamStores.find((s) => !s.mixed_beverage)!;
  durham = { storeId: first.id, storeNumber: first.store_number, retailStores: durhamStores.filter((s) => !s.mixed_beverage).map((s) => s.id) };
  [{ id: greensboroStore }] = await query<{ id: number }>(`SELECT id FROM stores WHERE board_id = ${GREENSBORO_BOARD_ID} ORDER BY store_number LIMIT 1`);
  [{ plu }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' AND bottles_per_case = 6 ORDER BY plu LIMIT 1`);
  // Durham: 4 bottles arrived this morning (and stay on the shelf), 3 on OLD_DATE; a shipment of 2 cases to
  // Durham this week; a good run this morning. Greensboro: a drop yesterday and a failed run after its good one
  // (its bottles, last confirmed more than a day ago, are unknown).
  await query(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type) VALUES
       ($1, $2, '2026-03-11T14:15:00Z', 0, 4, 4, 'first'),
       ($1, $2, '2025-12-01T15:00:00Z', 0, 3, 3, 'first'),
       ($1, $2, '2025-12-02T15:00:00Z', 3, 0, -3, 'sold_out'),
       ($3, $2, '2026-03-10T15:00:00Z', 0, 2, 2, 'first')`,
    [durham.storeId, plu, greensboroStore],
  );
  await query(`INSERT INTO store_inventory (store_id, plu, quantity, last_updated) VALUES ($1, $2, 4, '2026-03-11T14:15:00Z'), ($3, $2, 2, '2026-03-10T15:00:00Z')`, [
    durham.storeId,
    plu,
    greensboroStore,
  ]);
  await query(`INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ($1, ${DURHAM_BOARD_ID}, '2026-03-09', 12)`, [plu]);
  await query(
    `INSERT INTO scrape_runs (source, started_at, finished_at, status) VALUES
       ('durham_inventory', '2026-03-11T14:15:00Z', '2026-03-11T14:20:00Z', 'ok'),
       ('greensboro_inventory', '2026-03-10T15:00:00Z', '2026-03-10T15:05:00Z', 'partial'),
       ('greensboro_inventory', '2026-03-11T15:00:00Z', '2026-03-11T15:01:00Z', 'failed')`,
  );
});

const arrivals = (q: Record<string, string>) => browser.call(arrivalsRoute, '/api/inventory/todays-arrivals', { query: q });
const dates = (q: Record<string, string>) => browser.call(availableDatesRoute, '/api/inventory/available-dates', { query: q });

describe('todays-arrivals and available-dates with boardId', () => {
  it("shows a Durham store's arrival on Durham's arrivals and not on Wake's", async () => {
    const res = await arrivals({ date: DEMO_TODAY, boardId: String(DURHAM_BOARD_ID) });
    expect(res.status).toBe(200);
    expect(res.json.arrivals).toHaveLength(1);
    expect(res.json.arrivals[0]).toMatchObject({ store_id: durham.storeId, store_number: durham.storeNumber, plu, delta: 4, change_type: 'first' });
    expect(res.json.total_arrivals).toBe(1);
    expect(res.json.last_check).toBe('2026-03-11T14:15:00.000Z');

    for (const wake of [{ date: DEMO_TODAY }, { date: DEMO_TODAY, boardId: String(WAKE_BOARD_ID) }] as Record<string, string>[]) {
      const w = await arrivals(wake);
      expect(w.status).toBe(200);
      expect((w.json.arrivals as { store_id: number }[]).some((a) => a.store_id === durham.storeId)).toBe(false);
      expect(w.json.last_check).not.toBe('2026-03-11T14:15:00.000Z');
    }
    // Greensboro's drop was yesterday; its last check is its last good run, not the failed one after it.
    const g = await arrivals({ date: '2026-03-10', boardId: String(GREENSBORO_BOARD_ID) });
    expect(g.json.arrivals.map((a: { store_id: number }) => a.store_id)).toEqual([greensboroStore]);
    expect(g.json.last_check).toBe('2026-03-10T15:00:00.000Z');
    // New Hanover: nothing yet, never checked.
    const n = await arrivals({ date: DEMO_TODAY, boardId: String(NEW_HANOVER_BOARD_ID) });
    expect(n.json).toMatchObject({ arrivals: [], total_arrivals: 0, last_check: null });
  });

  it("lists the board's own dates with arrivals and finds its neighbours", async () => {
    const d = await dates({ currentDate: DEMO_TODAY, boardId: String(DURHAM_BOARD_ID) });
    expect(d.status).toBe(200);
    expect(d.json.allAvailableDates).toEqual([DEMO_TODAY, OLD_DATE]);
    const previous = await dates({ currentDate: DEMO_TODAY, direction: 'previous', boardId: String(DURHAM_BOARD_ID) });
    expect(previous.json.availableDate).toBe(OLD_DATE);
    const next = await dates({ currentDate: OLD_DATE, direction: 'next', boardId: String(DURHAM_BOARD_ID) });
    expect(next.json.availableDate).toBe(DEMO_TODAY);

    const wake = await dates({ currentDate: DEMO_TODAY });
    expect(wake.json.allAvailableDates).not.toContain(OLD_DATE);
    expect(wake.json.allAvailableDates.length).toBeGreaterThan(2);
    const wakeBefore = await dates({ currentDate: '2026-01-01', direction: 'previous' });
    expect(wakeBefore.json.availableDate).toBeNull(); // Durham's December arrival is not Wake's
  });
});

describe('current inventory with boardId', () => {
  it("counts only the board's shelves, and a product's stores are the board's", async () => {
    const res = await browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: { boardId: String(DURHAM_BOARD_ID) } });
    expect(res.status).toBe(200);
    expect(res.json.products).toEqual([expect.objectContaining({ plu, total_bottles: 4, stores_with_stock: 1 })]);
    expect(res.json.summary).toMatchObject({ totalProducts: 1, totalBottles: 4, uniqueStores: 1 });

    const stores = (boardId?: number) =>
      browser.call(productStoresRoute, `/api/inventory/product/${plu}/stores`, { params: { plu }, query: boardId ? { boardId: String(boardId) } : {} });
    expect((await stores(DURHAM_BOARD_ID)).json.stores.map((s: { store_id: number }) => s.store_id)).toEqual([durham.storeId]);
    // Greensboro's bottles were last confirmed yesterday, more than a day ago (its source failed since): unknown.
    const greensboro = (await stores(GREENSBORO_BOARD_ID)).json;
    expect(greensboro.stores).toEqual([]);
    expect(greensboro.unknown_stores.map((s: { store_id: number }) => s.store_id)).toEqual([greensboroStore]);
    const wake = (await stores()).json.stores as { store_id: number }[];
    expect(wake.some((s) => s.store_id === durham.storeId || s.store_id === greensboroStore)).toBe(false);
  });
});

describe('delivery analysis with boardId', () => {
  const analyse = (body: Record<string, unknown>) => browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body });

  it("reads the board's deliveries, shipments to that board and its other drops", async () => {
    const res = await analyse({ plu, weeksBack: 0, includeOtherDrops: true, boardId: DURHAM_BOARD_ID });
    expect(res.status).toBe(200);
    const a = res.json.analysis;
    expect(a.deliveries.map((d: { store_id: number }) => d.store_id)).toEqual([durham.storeId]);
    expect(a.shipmentInfo.totalCases).toBe(2); // 12 bottles to Durham, 6 a case
    expect(a.summary).toEqual({ totalCasesDelivered: 1, uniqueStores: 1 });
    expect(a.storesWithOtherDrops).toEqual([]);
    // The digits as text (a select's value) are accepted too.
    expect((await analyse({ plu, weeksBack: 0, boardId: String(DURHAM_BOARD_ID) })).json.analysis.deliveries).toHaveLength(1);

    const wake = (await analyse({ plu, weeksBack: 0, includeOtherDrops: true })).json.analysis;
    expect(wake.deliveries.some((d: { store_id: number }) => d.store_id === durham.storeId)).toBe(false);
    const wakeShipped = await query<{ units: number }>(
      `SELECT COALESCE(sum(units), 0)::int AS units FROM shipments WHERE plu = $1 AND board_id = ${WAKE_BOARD_ID} AND ship_date BETWEEN '2026-03-09' AND '2026-03-11'`,
      [plu],
    );
    expect(wake.shipmentInfo.totalCases).toBe(Math.ceil(wakeShipped[0].units / 6));

    // Greensboro's drop yesterday is an "other drop" for another product's analysis there.
    const [{ plu: otherPlu }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Limited' ORDER BY plu LIMIT 1`);
    const g = (await analyse({ plu: otherPlu, weeksBack: 0, includeOtherDrops: true, boardId: GREENSBORO_BOARD_ID })).json.analysis;
    expect(g.storesWithOtherDrops.map((s: { store_id: number; received_plus: string }) => [s.store_id, s.received_plus])).toEqual([[greensboroStore, plu]]);
  });

  it("answers the board's retail stores without deliveries", async () => {
    const res = await browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', {
      method: 'POST',
      body: { deliveredStoreIds: [durham.storeId], otherDropStoreIds: [], boardId: DURHAM_BOARD_ID },
    });
    expect(res.status).toBe(200);
    expect(res.json.stores.map((s: { store_id: number }) => s.store_id).sort()).toEqual(durham.retailStores.filter((id) => id !== durham.storeId).sort());
    const wake = await browser.call(withoutRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: {} });
    expect(wake.json.stores).toHaveLength(27);
  });
});

describe('stores with boardId, and a store of any covered board', () => {
  it("lists the board's stores", async () => {
    for (const [boardId, count] of [[DURHAM_BOARD_ID, 10], [GREENSBORO_BOARD_ID, 16], [NEW_HANOVER_BOARD_ID, 11], [WAKE_BOARD_ID, 28]]) {
      const res = await browser.call(storesRoute, '/api/stores', { query: { boardId: String(boardId) } });
      expect(res.status).toBe(200);
      expect(res.json.stores).toHaveLength(count);
    }
    expect((await browser.call(storesRoute, '/api/stores')).json.stores).toHaveLength(28);
  });

  it("answers a Greensboro store's shelf, board and drops", async () => {
    const id = String(greensboroStore);
    const inv = await browser.call(inventoryRoute, `/api/stores/${id}/inventory`, { params: { storeId: id } });
    expect(inv.status).toBe(200);
    expect(inv.json.store.store_id).toBe(greensboroStore);
    expect(inv.json.board_id).toBe(GREENSBORO_BOARD_ID);
    // Not confirmed for more than a day: unknown, with what was last seen.
    expect(inv.json.inventory).toEqual([]);
    expect(inv.json.stock_unknown).toEqual([expect.objectContaining({ nc_code: plu, last_quantity: 2, last_seen: '2026-03-10T15:00:00.000Z' })]);
    const history = await browser.call(historyRoute, `/api/inventory/store-history/${id}`, { params: { storeId: id } });
    expect(history.status).toBe(200);
    expect(history.json.summary).toMatchObject({ totalChanges: 1, totalInventoryAdded: 2, daysWithChanges: 1 });
    expect(history.json.changes[0]).toMatchObject({ date: '2026-03-10', item_count: 1 });

    const wake = await browser.call(inventoryRoute, '/api/stores/5/inventory', { params: { storeId: '5' } });
    expect(wake.json.board_id).toBe(WAKE_BOARD_ID);
  });

  it('still answers 404 for a store that does not exist', async () => {
    const inv = await browser.call(inventoryRoute, '/api/stores/999999/inventory', { params: { storeId: '999999' } });
    expectClientError(inv, 404);
    const history = await browser.call(historyRoute, '/api/inventory/store-history/999999', { params: { storeId: '999999' } });
    expectClientError(history, 404);
  });
});

describe('a boardId that is not a board', () => {
  const MALFORMED = ['wake', '', '-78', '78.0', '0'];
  const gets: [string, (q: Record<string, string>) => Promise<{ status: number; json: Record<string, unknown> }>][] = [
    ['todays-arrivals', arrivals],
    ['available-dates', dates],
    ['allocated-current', (q) => browser.call(allocatedRoute, '/api/inventory/allocated-current', { query: q })],
    ['product stores', (q) => browser.call(productStoresRoute, `/api/inventory/product/${plu}/stores`, { params: { plu }, query: q })],
    ['stores', (q) => browser.call(storesRoute, '/api/stores', { query: q })],
  ];
  it.each(gets)('%s answers 400 for a malformed boardId and 404 BOARD_NOT_FOUND for a board that does not exist', async (_name, call) => {
    for (const boardId of MALFORMED) {
      const res = await call({ boardId });
      expectClientError(res, 400);
      expect(res.json.error).toBe("boardId: boardId must be a board's id, a positive whole number (e.g. 179 for Wake County)");
    }
    const res = await call({ boardId: '999' });
    expectClientError(res, 404);
    expect(res.json).toMatchObject({ error: 'No board with id 999', code: ErrorCode.BOARD_NOT_FOUND });
  });

  it.each([
    ['delivery-analysis', analysisRoute, '/api/inventory/delivery-analysis', () => ({ plu, weeksBack: 0 })],
    ['stores-without-deliveries', withoutRoute, '/api/inventory/stores-without-deliveries', () => ({})],
  ] as const)('%s answers 400 for a malformed boardId in the body and 404 for a board that does not exist', async (_name, handler, path, body) => {
    for (const boardId of ['wake', '', null, 78.5, [78], { id: 78 }, 0]) {
      const res = await browser.call(handler, path, { method: 'POST', body: { ...body(), boardId } });
      expectClientError(res, 400);
      expect(res.json.error).toContain("boardId must be a board's id");
    }
    for (const boardId of [999, '999']) expectClientError(await browser.call(handler, path, { method: 'POST', body: { ...body(), boardId } }), 404);
  });
});

describe('GET /api/boards/covered', () => {
  it("lists the covered boards, Wake first, with their stores and their source's freshness", async () => {
    const res = await browser.call(coveredRoute, '/api/boards/covered');
    expect(res.status).toBe(200);
    const answer = coveredBoardsSchema.parse(res.json);
    expect(answer.boards.map((b) => [b.board_id, b.name, b.stores, b.retail_stores, b.source])).toEqual([
      [WAKE_BOARD_ID, 'Wake County', 28, 27, 'wake_inventory'],
      [DURHAM_BOARD_ID, 'Durham County', 10, 10, 'durham_inventory'],
      [GREENSBORO_BOARD_ID, 'Greensboro', 16, 15, 'greensboro_inventory'],
      [NEW_HANOVER_BOARD_ID, 'New Hanover County', 11, 9, 'new_hanover_inventory'],
    ]);
    const [wake, durhamBoard, greensboro, newHanover] = answer.boards;
    expect(wake).toMatchObject({ last_run_status: 'ok', failing: false, stale: false });
    expect(durhamBoard).toMatchObject({ last_run_status: 'ok', last_check: '2026-03-11T14:15:00.000Z', failing: false, stale: false });
    expect(greensboro).toMatchObject({
      last_run_status: 'failed',
      last_run_at: '2026-03-11T15:00:00.000Z',
      last_check: '2026-03-10T15:00:00.000Z',
      failing: true,
      stale: false,
    });
    expect(newHanover).toMatchObject({ last_run_status: null, last_run_at: null, last_check: null, failing: false, stale: true });
  });

  it(`calls a board stale when its last good check is older than ${STALE_AFTER_HOURS} hours, and a running poll is not a failure`, async () => {
    const old = new Date(DEMO_NOW.getTime() - (STALE_AFTER_HOURS + 1) * 3_600_000).toISOString();
    await query(`INSERT INTO scrape_runs (source, started_at, finished_at, status) VALUES ('new_hanover_inventory', $1, $1, 'ok')`, [old]);
    await query(`INSERT INTO scrape_runs (source, started_at, status) VALUES ('new_hanover_inventory', '2026-03-11T16:30:00Z', 'running')`);
    const boards = coveredBoardsSchema.parse((await browser.call(coveredRoute, '/api/boards/covered')).json).boards;
    expect(boards[3]).toMatchObject({ last_run_status: 'running', last_check: old, failing: false, stale: true });
  });

  it('is 401 without a session', async () => {
    expectClientError(await new TestClient().call(coveredRoute, '/api/boards/covered'), 401);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coveredBoards, STALE_AFTER_HOURS } from '@/lib/reports/boards';
import { productStores } from '@/lib/reports/inventory';
import { storeInventory } from '@/lib/reports/stores';
import { productWhereabouts } from '@/lib/reports/where';
import { CONFIRM_GRACE_MINUTES } from '@/lib/reports/stock-age';
import { env } from '@/lib/env';
import { DEMO_TODAY, query, signedIn, withTestDatabase } from '../../testing/harness.ts';
import { changeStamp, changesHeard, useChangeFeed, type WatchedTable } from './changes.ts';
import { routeHandler, type TestClient } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const allocatedRoute = await routeHandler('/api/inventory/allocated-current', 'GET');
const datesRoute = await routeHandler('/api/inventory/available-dates', 'GET');
const productStoresRoute = await routeHandler('/api/inventory/product/[plu]/stores', 'GET');
const searchRoute = await routeHandler('/api/inventory/search/[term]', 'GET');
const boardsRoute = await routeHandler('/api/state/boards', 'GET');
const shippedRoute = await routeHandler('/api/state/products', 'GET');
const analysisRoute = await routeHandler('/api/inventory/delivery-analysis', 'POST');
const historyRoute = await routeHandler('/api/inventory/store-history/[storeId]', 'GET');
const withoutDeliveriesRoute = await routeHandler('/api/inventory/stores-without-deliveries', 'POST');
const storeInventoryRoute = await routeHandler('/api/stores/[storeId]/inventory', 'GET');
const storesRoute = await routeHandler('/api/stores', 'GET');
const coveredRoute = await routeHandler('/api/boards/covered', 'GET');
const whereRoute = await routeHandler('/api/inventory/product/[plu]/where', 'GET');
const storeShipmentsRoute = await routeHandler('/api/stores/[storeId]/shipments', 'GET');
const profileRoute = await routeHandler('/api/user/me', 'PUT');

// The answers kept since issue 23 (decision 014): a store's inventory, Current Inventory (allocated-current),
// a store's history, the store list, stores without deliveries and delivery analysis, and the smaller calls
// beside them: available dates, a product's stores, the product search, the statewide boards and shipped
// products, the covered boards and where a product is now. Each is served from
// memory while its data is unchanged, and a write by another connection to any table its query reads is
// heard and changes the next answer. store_inventory and board_product_polls announce their writes since
// migration 20261202000000_inventory_change_notifications. And the read-only POSTs do not wait for the
// write barrier that follows a state-changing call.

// The barrier, observed: every call of it is the real one unless a test holds it.
vi.mock('./changes.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./changes.ts')>();
  return { ...actual, changesHeard: vi.fn(actual.changesHeard) };
});

withTestDatabase('demo', 'kept-answers');

const WAKE = 179;
const server = Boolean(process.env.TEST_PG_SERVER_URL);

describe.runIf(server)('answers kept until their data changes', () => {
  let browser: TestClient;
  let store: number;
  let plu: string;
  let minute = 0;

  beforeAll(async () => {
    await useChangeFeed(true, { reconnectMs: 1_000 });
    changeStamp(['products']); // starts it
    await vi.waitFor(() => expect(changeStamp(['products'])).not.toBeNull(), { timeout: 10_000, interval: 50 });
    ({ browser } = await signedIn());
    // The Wake store holding the most hunted products, and one of them.
    [{ store, plu }] = await query<{ store: number; plu: string }>(
      `SELECT si.store_id AS store, min(si.plu) AS plu FROM store_inventory si
       JOIN stores s ON s.id = si.store_id JOIN products p ON p.plu = si.plu
       WHERE s.board_id = ${WAKE} AND NOT s.mixed_beverage AND si.quantity > 0 AND p.listing_type IN ('Allocation', 'Limited', 'Barrel')
       GROUP BY si.store_id ORDER BY count(*) DESC, si.store_id LIMIT 1`,
    );
  });
  afterAll(() => useChangeFeed(false));

  /** A hunted arrival at the store, today (a new minute each time: the history is unique per store, product and instant). */
  const arrival = () =>
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     VALUES (${store}, '${plu}', '${DEMO_TODAY}T14:${String(minute++).padStart(2, '0')}:00Z', 1, 4, 3, 'increase')`;
  const moreStock = () => `UPDATE store_inventory SET quantity = quantity + 1 WHERE store_id = ${store} AND plu = '${plu}'`;
  const renamed = () => `UPDATE stores SET nickname = nickname || '.' WHERE id = ${store}`;

  /**
   * For each table: a change the answer would show, written with triggers off (session_replication_role =
   * replica: nothing announced, as no real writer can do), is not in the next answer — it comes from memory;
   * then a statement on the table that changes no row but announces (as every write does) makes the next
   * answer the database's, with the change in it.
   */
  async function keptUntilWritten(read: () => Promise<unknown>, change: () => string, tables: WatchedTable[]) {
    let before = await read();
    for (const table of tables) {
      await query(`SET session_replication_role = replica; ${change()}`);
      expect(await read(), `kept until ${table} is written`).toEqual(before);
      expect(await read()).toEqual(before);
      await query(`DELETE FROM ${table} WHERE false`);
      await vi.waitFor(async () => expect(await read(), `a write to ${table} is heard`).not.toEqual(before), { timeout: 5_000, interval: 20 });
      before = await read();
    }
  }

  const ok = async (res: Promise<{ status: number; json: Record<string, unknown> }>) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json;
  };

  it("a store's inventory: kept until store_inventory, the store, the catalog or the board's polls are written", async () => {
    const read = () => ok(browser.call(storeInventoryRoute, `/api/stores/${store}/inventory`, { params: { storeId: String(store) } }));
    expect(JSON.stringify(await read())).toContain(`"nc_code":"${plu}"`);
    await keptUntilWritten(read, moreStock, ['store_inventory', 'stores', 'products', 'board_product_polls']);
  });

  it('Current Inventory (allocated-current): kept until store_inventory, the catalog, the stores or the polls are written', async () => {
    const read = () => ok(browser.call(allocatedRoute, '/api/inventory/allocated-current'));
    expect(JSON.stringify(await read())).toContain(`"plu":"${plu}"`);
    await keptUntilWritten(read, moreStock, ['store_inventory', 'products', 'stores', 'board_product_polls']);
  });

  it("a store's history: kept until the history, the catalog or the stores are written", async () => {
    const read = () => ok(browser.call(historyRoute, `/api/inventory/store-history/${store}`, { params: { storeId: String(store) }, query: { days: '30' } }));
    await keptUntilWritten(read, arrival, ['inventory_history', 'products', 'stores']);
  });

  it('the store list and the stores without deliveries: kept until the stores are written', async () => {
    const stores = () => ok(browser.call(storesRoute, '/api/stores'));
    const without = () =>
      ok(browser.call(withoutDeliveriesRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { deliveredStoreIds: [], otherDropStoreIds: [] } }));
    await keptUntilWritten(stores, renamed, ['stores']);
    await keptUntilWritten(without, renamed, ['stores']);
    // Derived from the kept list: the same stores, less the mixed-beverage outlets and the ones named.
    const all = (await stores()).stores as { store_id: number; mixed_beverage: number }[];
    const left = await ok(
      browser.call(withoutDeliveriesRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { deliveredStoreIds: [store], otherDropStoreIds: [] } }),
    );
    expect(left.stores).toEqual(all.filter((s) => !s.mixed_beverage && s.store_id !== store));
  });

  it('delivery analysis: kept until the history, the stores, the catalog or the shipments are written', async () => {
    const read = () =>
      ok(browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body: { plu, weeksBack: 4, includeOtherDrops: true } }));
    await keptUntilWritten(read, arrival, ['inventory_history', 'stores', 'products', 'shipments']);
  });

  it("a product's stores: kept until store_inventory, the stores, the catalog or the polls are written", async () => {
    const read = () => ok(browser.call(productStoresRoute, `/api/inventory/product/${plu}/stores`, { params: { plu } }));
    await keptUntilWritten(read, moreStock, ['store_inventory', 'stores', 'products', 'board_product_polls']);
  });

  it('stock answers, which change with time alone, are kept only while every number in them holds: current until its next ask is overdue, last seen until the limit', async () => {
    // The product was confirmed at Wake's last poll, and the next cycle was to ask again 15 minutes later.
    const [{ confirmed }] = await query<{ confirmed: Date }>(`SELECT confirmed_at AS confirmed FROM store_inventory WHERE store_id = $1 AND plu = $2`, [store, plu]);
    await query(
      `INSERT INTO board_product_polls (board_id, plu, first_polled_at, asked_at, answered_at, next_ask_at) VALUES ($1, $2, $3, $3, $3, $4)
       ON CONFLICT (board_id, plu) DO UPDATE SET asked_at = $3, answered_at = $3, next_ask_at = $4`,
      [WAKE, plu, confirmed, new Date(confirmed.getTime() + 15 * 60_000)],
    );
    await changesHeard();
    const at = (minutes: number) => new Date(confirmed.getTime() + minutes * 60_000);
    const overdue = 15 + CONFIRM_GRACE_MINUTES;
    const shelf = (answer: { stores: { store_id: number; last_seen: string | null }[]; unknown_stores: { store_id: number }[] }) =>
      answer.stores.some((s) => s.store_id === store) ? (answer.stores.find((s) => s.store_id === store)!.last_seen ?? 'current') : answer.unknown_stores.some((s) => s.store_id === store) ? 'unknown' : 'none';
    const item = (json: string) => {
      const answer = JSON.parse(json) as { inventory: { nc_code: string; last_seen: string | null }[]; stock_unknown: { nc_code: string }[] };
      const held = answer.inventory.find((i) => i.nc_code === plu);
      return held ? (held.last_seen ?? 'current') : answer.stock_unknown.some((i) => i.nc_code === plu) ? 'unknown' : 'none';
    };
    const wake = async (minutes: number) => (await productWhereabouts(plu, at(minutes))).boards[0];

    const first = await productStores(plu, WAKE, at(1));
    expect(shelf(first)).toBe('current');
    expect(await productStores(plu, WAKE, at(overdue - 1)), 'kept while it holds').toBe(first);
    expect(item(await storeInventory(store, at(1)))).toBe('current');
    expect(item(await storeInventory(store, at(overdue - 1)))).toBe('current');
    const where = await wake(1);
    expect(shelf({ stores: where.stores, unknown_stores: where.unknown_stores })).toBe('current');
    expect(await wake(overdue - 1), 'kept while it holds').toBe(where);

    // The next ask is overdue with nothing written: the kept answers are not served any more.
    expect(shelf(await productStores(plu, WAKE, at(overdue)))).toBe(confirmed.toISOString());
    expect(item(await storeInventory(store, at(overdue)))).toBe(confirmed.toISOString());
    const later = await wake(overdue);
    expect(shelf({ stores: later.stores, unknown_stores: later.unknown_stores })).toBe(confirmed.toISOString());
    // Last seen until the limit has passed since it was confirmed, then unknown.
    const limit = env().STOCK_UNKNOWN_AFTER_MINUTES;
    expect(shelf(await productStores(plu, WAKE, at(limit - 1)))).toBe(confirmed.toISOString());
    expect(shelf(await productStores(plu, WAKE, at(limit)))).toBe('unknown');
    expect(item(await storeInventory(store, at(limit - 1)))).toBe(confirmed.toISOString());
    expect(item(await storeInventory(store, at(limit)))).toBe('unknown');
  });

  it('the product search: kept until the catalog is written', async () => {
    const read = () => ok(browser.call(searchRoute, `/api/inventory/search/${plu}`, { params: { term: plu } }));
    const renamedProduct = () => `UPDATE products SET name = name || '.' WHERE plu = '${plu}'`;
    await keptUntilWritten(read, renamedProduct, ['products']);
  });

  it('the statewide boards and shipped products: kept until the boards, the catalog or the shipments are written', async () => {
    const boards = () => ok(browser.call(boardsRoute, '/api/state/boards'));
    await keptUntilWritten(boards, () => `UPDATE boards SET name_clean = name_clean || '.' WHERE id = ${WAKE}`, ['boards']);
    const shipped = () => ok(browser.call(shippedRoute, '/api/state/products'));
    const renamedShipped = () =>
      `UPDATE products SET name = name || '.' WHERE plu = (SELECT min(sh.plu) FROM shipments sh JOIN products p ON p.plu = sh.plu
        WHERE p.listing_type IN ('Allocation', 'Limited', 'Barrel'))`;
    await keptUntilWritten(shipped, renamedShipped, ['products', 'shipments']);
  });

  it("the covered boards: kept until a run, the stores or the board sources are written, and only until a board's last good check turns stale", async () => {
    const read = () => ok(browser.call(coveredRoute, '/api/boards/covered'));
    const laterCheck = () =>
      `UPDATE scrape_runs SET started_at = started_at + interval '1 second'
       WHERE id = (SELECT id FROM scrape_runs WHERE source = 'wake_inventory' AND status IN ('ok', 'partial') ORDER BY started_at DESC LIMIT 1)`;
    await keptUntilWritten(read, laterCheck, ['scrape_runs', 'stores']);
    // Which boards are covered is data: a board source disabled leaves the answer once board_sources is heard.
    const durhamOff = () => `UPDATE board_sources SET enabled = false WHERE key = 'durham_inventory'`;
    await keptUntilWritten(read, durhamOff, ['board_sources']);
    expect(((await read()).boards as { board_id: number }[]).map((b) => b.board_id)).not.toContain(78);
    await query(`UPDATE board_sources SET enabled = true WHERE key = 'durham_inventory'`);
    // Time alone turns a board stale: the kept answer is not served past its last good check + 26 h.
    const wake = (answer: Awaited<ReturnType<typeof coveredBoards>>) => answer.boards.find((b) => b.board_id === WAKE)!;
    const now = await coveredBoards();
    expect(wake(now).stale).toBe(false);
    const staleAt = new Date(Date.parse(wake(now).last_check!) + STALE_AFTER_HOURS * 3_600_000 + 1_000);
    expect(wake(await coveredBoards(staleAt)).stale).toBe(true);
  });

  it("where a product is now: kept until any table it reads is written", async () => {
    const read = () => ok(browser.call(whereRoute, `/api/inventory/product/${plu}/where`, { params: { plu } }));
    expect(JSON.stringify(await read())).toContain(`"store_id":${store}`);
    await keptUntilWritten(read, moreStock, [
      'store_inventory',
      'stores',
      'products',
      'board_product_polls',
      'warehouse_levels',
      'scrape_runs',
      'shipments',
      'boards',
    ]);
  });

  it("a store's shipments (a board whose shelves are not read): kept until the shipments, their days or the catalog are written", async () => {
    const [{ boone }] = await query<{ boone: number }>(`SELECT id AS boone FROM stores WHERE board_id = 43`);
    const [{ id }] = await query<{ id: number }>(
      `INSERT INTO shipments (plu, board_id, ship_date, units) VALUES ('${plu}', 43, '${DEMO_TODAY}'::date - 1, 6) RETURNING id::int`,
    );
    const storeId = String(boone);
    const read = () => ok(browser.call(storeShipmentsRoute, `/api/stores/${storeId}/shipments`, { params: { storeId } }));
    expect(JSON.stringify(await read())).toContain(`"shipment_id":${id}`);
    await keptUntilWritten(read, () => `UPDATE shipments SET units = units + 6 WHERE id = ${id}`, ['shipments', 'shipment_days', 'products']);
  });

  it('the dates with arrivals: kept until the history, the catalog or the stores are written', async () => {
    const read = () => ok(browser.call(datesRoute, '/api/inventory/available-dates', { query: { currentDate: DEMO_TODAY, direction: 'previous' } }));
    // Days inside the listed range without arrivals: an arrival on one of them joins the list.
    const listed = (await read()).allAvailableDates as string[];
    const gaps: string[] = [];
    for (let d = new Date(`${DEMO_TODAY}T12:00:00Z`); gaps.length < 3; d = new Date(d.getTime() - 86_400_000)) {
      const day = d.toISOString().slice(0, 10);
      if (day <= listed[listed.length - 1]) throw new Error(`fewer than 3 days without arrivals after ${listed[listed.length - 1]}`);
      if (!listed.includes(day)) gaps.push(day);
    }
    const arrivalOnAGap = () =>
      `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
       VALUES (${store}, '${plu}', '${gaps.shift()}T16:00:00Z', 0, 2, 2, 'increase')`;
    await keptUntilWritten(read, arrivalOnAGap, ['inventory_history', 'products', 'stores']);
  });

  it('the read-only POSTs answer without waiting for the write barrier; a state-changing call waits for it', async () => {
    const barrier = vi.mocked(changesHeard);
    let release = () => {};
    barrier.mockImplementation(() => new Promise<void>((resolve) => (release = resolve))); // held until released
    try {
      barrier.mockClear();
      const answered = (call: Promise<{ status: number; json: Record<string, unknown> }>) =>
        Promise.race([ok(call), new Promise((_, reject) => setTimeout(() => reject(new Error('still waiting after 5 s')), 5_000))]);
      await answered(browser.call(analysisRoute, '/api/inventory/delivery-analysis', { method: 'POST', body: { plu, weeksBack: 2, includeOtherDrops: false } }));
      await answered(browser.call(withoutDeliveriesRoute, '/api/inventory/stores-without-deliveries', { method: 'POST', body: { deliveredStoreIds: [store] } }));
      expect(barrier).not.toHaveBeenCalled();

      let saved = false;
      const save = browser.call(profileRoute, '/api/user/me', { method: 'PUT', body: { first_name: 'Barrier', last_name: 'Hunter' } }).then((res) => {
        saved = true;
        return res;
      });
      await vi.waitFor(() => expect(barrier).toHaveBeenCalledTimes(1), { timeout: 5_000, interval: 10 });
      await new Promise((r) => setTimeout(r, 200));
      expect(saved).toBe(false); // written, and waiting for the barrier
      release();
      expect((await save).status).toBe(200);
    } finally {
      barrier.mockReset();
      barrier.mockImplementation((await vi.importActual<typeof import('./changes.ts')>('./changes.ts')).changesHeard);
    }
  });
});

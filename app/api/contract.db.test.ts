import { beforeAll, describe, expect, it } from 'vitest';
import { answerOf, routeHandler, TestClient, type CallOptions, type ContractCall } from '../../testing/api.ts';
import { listApiRoutes } from '../../testing/api-routes.ts';
import * as watchlist from '../../lib/watchlist/types.ts';
import { DEMO_TODAY, query, signedIn, withTestDatabase } from '../../testing/harness.ts';
import * as forecast from '../../lib/forecast/types.ts';
import * as reports from '../../lib/reports/types.ts';
import * as places from '../../lib/places/types.ts';
import * as catalogAnswers from '../../lib/catalog/types.ts';

// One contract for the answers: every report and watchlist route is called against the seeded demo data and
// its answer parsed with the schema its type is derived from (lib/reports/types.ts, lib/watchlist/types.ts, lib/catalog/types.ts…),
// strictly: a field missing, added, renamed or of another type fails here. The screens import those same
// types, so the server and the screens cannot drift apart unnoticed. A route added under these folders
// must be added here (the first test finds them by walking app/api).

withTestDatabase('demo', 'reports');

const FOLDERS = ['/api/inventory/', '/api/reports/', '/api/stores', '/api/state/', '/api/boards', '/api/watchlist', '/api/incoming', '/api/products/', '/api/coming'];
const NOT_JSON = new Set(['/api/images/[...path] GET']);

const routes = listApiRoutes().filter((r) => FOLDERS.some((f) => r.pattern.startsWith(f)));

let browser: TestClient;
const covered = new Set<string>();

/** Calls the route as the signed-in hunter and parses its answer with the schema (testing/api.ts). */
const answer = <T>(call: ContractCall<T>) => answerOf(browser, call, covered);

let storeId: number;
let busyPlu: string;
let catalog: { everyday: string; allocation: string; unknownPlu: string };

beforeAll(async () => {
  ({ browser } = await signedIn());
  [{ id: storeId }] = await query<{ id: number }>(
    `SELECT s.id FROM stores s JOIN store_inventory si ON si.store_id = s.id WHERE s.board_id = 179 GROUP BY s.id ORDER BY count(*) DESC LIMIT 1`,
  );
  [{ plu: busyPlu }] = await query<{ plu: string }>(
    `SELECT h.plu FROM inventory_history h JOIN products p ON p.plu = h.plu AND p.listing_type <> 'Listed'
     WHERE h.change_type IN ('first', 'increase') GROUP BY h.plu ORDER BY count(*) DESC LIMIT 1`,
  );
  const pick = async (where: string) => (await query<{ plu: string }>(`SELECT plu FROM products WHERE ${where} ORDER BY plu LIMIT 1`))[0].plu;
  catalog = {
    everyday: await pick(`listing_type = 'Listed' AND retail_price < 30`),
    allocation: await pick(`listing_type = 'Allocation'`),
    unknownPlu: String(
      (await query<{ n: number }>(`SELECT min(n)::int AS n FROM generate_series(90000, 99999) n WHERE NOT EXISTS (SELECT 1 FROM products WHERE plu = n::text)`))[0].n,
    ),
  };
});

describe('report answers match lib/reports/types.ts', () => {
  it('arrivals and available dates', async () => {
    const dates = await answer({
      route: '/api/inventory/available-dates',
      method: 'GET',
      options: { query: { currentDate: DEMO_TODAY, direction: 'previous' } },
      schema: reports.availableDatesSchema,
    });
    expect(dates.allAvailableDates.length).toBeGreaterThan(0);
    const day = await answer({
      route: '/api/inventory/todays-arrivals',
      method: 'GET',
      options: { query: { date: dates.allAvailableDates[0] } },
      schema: reports.arrivalsReportSchema,
    });
    expect(day.arrivals.length).toBeGreaterThan(0);
    await answer({ route: '/api/inventory/todays-arrivals', method: 'GET', schema: reports.arrivalsReportSchema });
  });

  it('current inventory: byListingType per type { count, bottles }; stores left out, and loaded per product in full', async () => {
    const current = await answer({ route: '/api/inventory/allocated-current', method: 'GET', schema: reports.allocatedCurrentSchema });
    expect(current.products.length).toBeGreaterThan(0);
    for (const p of current.products) expect(p).not.toHaveProperty('stores');
    const byType = current.summary.byListingType;
    const types = [...new Set(current.products.map((p) => p.Listing_Type))].sort();
    expect(Object.keys(byType).sort()).toEqual(types);
    for (const type of types) {
      const ofType = current.products.filter((p) => p.Listing_Type === type);
      expect(byType[type], type).toEqual({ count: ofType.length, bottles: ofType.reduce((n, p) => n + p.total_bottles, 0) });
    }
    // Never an empty list for a product on shelves: each product's own call lists exactly stores_with_stock stores.
    for (const p of current.products.slice(0, 15)) {
      const stores = await answer({
        route: '/api/inventory/product/[plu]/stores',
        method: 'GET',
        options: { params: { plu: p.plu } },
        schema: reports.productStoresSchema,
      });
      expect(stores.stores, p.plu).toHaveLength(p.stores_with_stock);
      expect(stores.stores.reduce((n, s) => n + s.quantity, 0)).toBe(p.total_bottles);
    }
  });

  it('where a product is now: its Wake stores agree with Current Inventory, every covered board is listed', async () => {
    const current = await answer({ route: '/api/inventory/allocated-current', method: 'GET', schema: reports.allocatedCurrentSchema });
    const p = current.products[0];
    const where = await answer({ route: '/api/inventory/product/[plu]/where', method: 'GET', options: { params: { plu: p.plu } }, schema: forecast.productWhereaboutsSchema });
    expect(where.boards.map((b) => b.board_id)).toEqual([179, 78, 58, 135]);
    expect(where.boards[0].stores).toHaveLength(p.stores_with_stock);
    expect(where.boards[0].total_bottles).toBe(p.total_bottles);
    expect(where.warehouse?.current_inventory ?? 0).toBeGreaterThanOrEqual(0);
  });

  it('product search', async () => {
    const found = await answer({ route: '/api/inventory/search/[term]', method: 'GET', options: { params: { term: 'bourbon' } }, schema: reports.productSearchSchema });
    expect(found.products.length).toBeGreaterThan(0);
  });

  it('delivery analysis, with and without other drops, and the stores without deliveries', async () => {
    for (const includeOtherDrops of [false, true]) {
      const { analysis, shipment_days } = await answer({
        route: '/api/inventory/delivery-analysis',
        method: 'POST',
        options: { body: { plu: busyPlu, weeksBack: 4, includeOtherDrops } },
        schema: reports.deliveryAnalysisAnswerSchema,
      });
      expect(analysis.deliveries.length).toBeGreaterThan(0);
      expect(shipment_days.map((d) => d.date)).toEqual(shipment_days.map((d) => d.date).sort().reverse());
      expect([shipment_days.at(-1)!.date, shipment_days[0].date]).toEqual([analysis.dateRange.startDate, analysis.dateRange.endDate]);
      if (includeOtherDrops) expect(analysis.storesWithOtherDrops.length).toBeGreaterThan(0);
    }
    await answer({
      route: '/api/inventory/stores-without-deliveries',
      method: 'POST',
      options: { body: { deliveredStoreIds: [storeId], otherDropStoreIds: [] } },
      schema: reports.storesWithoutDeliveriesSchema,
    });
  });

  it('warehouse inventory: the hunted default, every type with a search, and Listed', async () => {
    const queries: Record<string, string>[] = [{}, { timePeriod: 'last_90_days', listingTypes: 'all', search: 'bourbon' }, { timePeriod: 'current_month', listingTypes: 'Listed', search: 'an' }];
    for (const q of queries) {
      const body = await answer({ route: '/api/reports/warehouse-inventory', method: 'GET', options: { query: q }, schema: reports.warehouseInventorySchema });
      expect(body.products.length, JSON.stringify(q)).toBeGreaterThan(0);
    }
  });

  it('every store by distance from the hunter (GET /api/stores/nearby)', async () => {
    const none = await answer({ route: '/api/stores/nearby', method: 'GET', schema: places.nearbyStoresSchema });
    expect(none).toEqual({ success: true, from: null, stores: [] });
    const put = await browser.call(await routeHandler('/api/user/place', 'PUT'), '/api/user/place', { method: 'PUT', body: { zip: '27601' } });
    expect(put.status).toBe(200);
    const near = await answer({ route: '/api/stores/nearby', method: 'GET', schema: places.nearbyStoresSchema });
    expect(near.from).toMatchObject({ zip: '27601' });
    expect(near.stores.length).toBeGreaterThan(400);
    expect(near.stores[0].miles).toBeLessThan(5);
    await browser.call(await routeHandler('/api/user/place', 'DELETE'), '/api/user/place', { method: 'DELETE' });
  });

  it('every store on the map, with its county (GET /api/stores/places)', async () => {
    const { stores } = await answer({ route: '/api/stores/places', method: 'GET', schema: places.mapStoresSchema });
    expect(stores.length).toBeGreaterThan(400);
    // Nearly every store lies in a county of the map; a ZIP code's centre on the water may not.
    expect(stores.filter((s) => s.fips !== null).length / stores.length).toBeGreaterThan(0.97);
    expect(new Set(stores.map((s) => s.fips)).size).toBeGreaterThan(90);
  });

  it('stores, a store’s inventory and its history', async () => {
    const { stores } = await answer({ route: '/api/stores', method: 'GET', schema: reports.storesSchema });
    expect(stores.length).toBeGreaterThan(20);
    const inventory = await answer({
      route: '/api/stores/[storeId]/inventory',
      method: 'GET',
      options: { params: { storeId: String(storeId) } },
      schema: reports.storeInventorySchema,
    });
    expect(inventory.inventory.length).toBeGreaterThan(0);
    for (const days of ['30', '90']) {
      const history = await answer({
        route: '/api/inventory/store-history/[storeId]',
        method: 'GET',
        options: { params: { storeId: String(storeId) }, query: { days } },
        schema: reports.storeHistorySchema,
      });
      expect(history.changes.length).toBeGreaterThan(0);
    }
  });

  it('the covered boards, and a report of another board than Wake', async () => {
    const { boards } = await answer({ route: '/api/boards/covered', method: 'GET', schema: reports.coveredBoardsSchema });
    expect(boards.map((b) => b.board_id)).toEqual([179, 78, 58, 135]);
    const { stores } = await answer({ route: '/api/stores', method: 'GET', options: { query: { boardId: '58' } }, schema: reports.storesSchema });
    expect(stores).toHaveLength(16);
    const inventory = await answer({
      route: '/api/stores/[storeId]/inventory',
      method: 'GET',
      options: { params: { storeId: String(stores[0].store_id) } },
      schema: reports.storeInventorySchema,
    });
    expect(inventory.board_id).toBe(58);
    await answer({ route: '/api/inventory/todays-arrivals', method: 'GET', options: { query: { boardId: '78' } }, schema: reports.arrivalsReportSchema });
    await answer({ route: '/api/inventory/allocated-current', method: 'GET', options: { query: { boardId: '135' } }, schema: reports.allocatedCurrentSchema });
  });

  it('every board, and the calls for boards whose shelves are not read (Boone: one store, Mecklenburg, Catawba: none known)', async () => {
    const { boards } = await answer({ route: '/api/boards', method: 'GET', schema: reports.boardDirectorySchema });
    expect(boards).toHaveLength(173);
    for (const boardId of ['179', '78', '58', '135', '43', '53', '260']) {
      const day = await answer({ route: '/api/inventory/todays-arrivals', method: 'GET', options: { query: { boardId } }, schema: reports.arrivalsReportSchema });
      expect(day.precision === 'shelf').toBe(['179', '78', '58', '135'].includes(boardId));
      await answer({ route: '/api/inventory/available-dates', method: 'GET', options: { query: { boardId } }, schema: reports.availableDatesSchema });
    }
    const { stores } = await answer({ route: '/api/stores', method: 'GET', options: { query: { boardId: '43' } }, schema: reports.storesSchema });
    const params = { storeId: String(stores[0].store_id) };
    const inventory = await answer({ route: '/api/stores/[storeId]/inventory', method: 'GET', options: { params }, schema: reports.storeInventorySchema });
    expect(inventory).toMatchObject({ board_id: 43, precision: 'store_by_shipment', shelf_read: false, inventory: [] });
    await answer({ route: '/api/inventory/store-history/[storeId]', method: 'GET', options: { params }, schema: reports.storeHistorySchema });
    for (const days of ['30', '90']) {
      await answer({ route: '/api/stores/[storeId]/shipments', method: 'GET', options: { params, query: { days } }, schema: reports.storeShipmentsSchema });
    }
  });

  it("the spec's calls without boardId answer Wake with the spec's fields (section 7)", async () => {
    const read = async (handlerPath: string, options: CallOptions = {}, method: 'GET' | 'POST' = 'GET') =>
      (await browser.call(await routeHandler(handlerPath, method), handlerPath, { method, ...options })).json as Record<string, unknown>;
    const arrivals = await read('/api/inventory/todays-arrivals');
    expect(arrivals).toMatchObject({ success: true, date: expect.any(String), total_arrivals: expect.any(Number), arrivals: expect.any(Array) });
    const dates = await read('/api/inventory/available-dates', { query: { currentDate: '2026-03-11', direction: 'previous' } });
    expect(dates).toMatchObject({ allAvailableDates: expect.any(Array), availableDate: expect.any(String) });
    expect(await read('/api/inventory/allocated-current')).toMatchObject({ success: true, products: expect.any(Array), summary: expect.any(Object) });
    expect(await read('/api/inventory/product/[plu]/stores', { params: { plu: busyPlu } })).toMatchObject({ success: true, stores: expect.any(Array) });
    const stores = await read('/api/stores');
    expect(stores).toMatchObject({ success: true });
    expect((stores.stores as { store_id: number }[]).length).toBe(28); // Wake's
    expect(await read('/api/stores/[storeId]/inventory', { params: { storeId: String(storeId) } })).toMatchObject({ success: true, inventory: expect.any(Array) });
    expect(await read('/api/inventory/store-history/[storeId]', { params: { storeId: String(storeId) }, query: { days: '30' } })).toMatchObject({
      success: true,
      summary: expect.any(Object),
      changes: expect.any(Array),
    });
    const analysis = await read('/api/inventory/delivery-analysis', { body: { plu: busyPlu, weeksBack: 0, includeOtherDrops: true } }, 'POST');
    expect(analysis).toMatchObject({ success: true, analysis: expect.any(Object) });
    expect(await read('/api/inventory/stores-without-deliveries', { body: { deliveredStoreIds: [], otherDropStoreIds: [] } }, 'POST')).toMatchObject({
      success: true,
      stores: expect.any(Array),
    });
  });

  it('statewide boards, products and shipments', async () => {
    // The original client reads { success, boards }: its statewide board select lists them, its Wake shortcut finds 179.
    const { boards } = await answer({ route: '/api/state/boards', method: 'GET', schema: reports.boardsSchema });
    expect(boards.length).toBeGreaterThan(100);
    expect(boards).toContainEqual({ board_id: 179, board_name_clean: 'Wake County' });
    await answer({ route: '/api/state/products', method: 'GET', schema: reports.shippedProductsSchema });
    const queries: Record<string, string>[] = [{}, { dateRange: 'current-month', boardId: '179' }, { productType: 'barrel', dateRange: 'last-24-days' }];
    const directory = await answer({ route: '/api/boards', method: 'GET', schema: reports.boardDirectorySchema });
    const precisionOf = new Map(directory.boards.map((b) => [String(b.board_id), b.precision]));
    for (const q of queries) {
      const shipped = await answer({ route: '/api/state/shipments', method: 'GET', options: { query: q }, schema: reports.shipmentsSchema });
      // Every board shipped to, and no other, with its precision as the board directory says it.
      const boardIds = [...new Set(shipped.shipments.map((s) => String(s.board_id)))].sort();
      expect(Object.keys(shipped.board_precision ?? {}).sort()).toEqual(boardIds);
      for (const [id, precision] of Object.entries(shipped.board_precision ?? {})) expect(precision, `board ${id}`).toBe(precisionOf.get(id));
      if (q.boardId === '179' && boardIds.length) expect(shipped.board_precision).toEqual({ 179: 'shelf' });
    }
    const all = await answer({ route: '/api/state/shipments', method: 'GET', options: { query: { dateRange: 'last-24-days' } }, schema: reports.shipmentsSchema });
    // The demo ships to boards of every precision: the map tells them apart.
    expect(new Set(Object.values(all.board_precision ?? {}))).toEqual(new Set(['shelf', 'store_by_shipment', 'board']));
  });
});

describe('forecast answers match lib/reports/types.ts', () => {
  it('incoming for a board of each precision, a store expecting them, and the record', async () => {
    for (const boardId of ['179', '43', '53']) {
      await answer({ route: '/api/incoming', method: 'GET', options: { query: { boardId } }, schema: forecast.incomingReportSchema });
    }
    const wake = await answer({ route: '/api/incoming', method: 'GET', schema: forecast.incomingReportSchema });
    expect(wake.incoming.length).toBeGreaterThan(0);
    const store = wake.incoming.flatMap((s) => s.places).find((p) => p.store)!.store!;
    await answer({ route: '/api/stores/[storeId]/expected', method: 'GET', options: { params: { storeId: String(store.store_id) } }, schema: forecast.storeExpectedSchema });
    const record = await answer({ route: '/api/incoming/record', method: 'GET', schema: forecast.forecastRecordSchema });
    expect(record.boards.length).toBeGreaterThan(4);
    // On its way near the hunter: nothing without a place, shipments within 50 miles of one.
    const nowhere = await answer({ route: '/api/incoming/nearby', method: 'GET', schema: forecast.incomingNearbySchema });
    expect(nowhere).toMatchObject({ from: null, total: 0, shipments: [] });
    expect((await browser.call(await routeHandler('/api/user/place', 'PUT'), '/api/user/place', { method: 'PUT', body: { zip: '27513' } })).status).toBe(200);
    const near = await answer({ route: '/api/incoming/nearby', method: 'GET', options: { query: { within: '50' } }, schema: forecast.incomingNearbySchema });
    expect(near.shipments.length).toBeGreaterThan(0);
    await browser.call(await routeHandler('/api/user/place', 'DELETE'), '/api/user/place', { method: 'DELETE' });
  });
});

describe('journey answers match lib/catalog/types.ts', () => {
  it('a product announced three days ago is coming, and its journey and a busy product\'s parse', async () => {
    // The demo writes no catalog lists' steps: one announced new release, as the price list's reader writes it.
    const [{ plu }] = await query<{ plu: string }>(
      `SELECT min(n)::text AS plu FROM generate_series(80000, 89999) n WHERE NOT EXISTS (SELECT 1 FROM products WHERE plu = n::text)`,
    );
    const seenAt = new Date(Date.now() - 3 * 86_400_000);
    await query(`INSERT INTO products (plu, name, listing_type, list_price, updated_at) VALUES ($1, 'Contract Test Announced Bourbon', 'Unknown', 99.99, $2)`, [plu, seenAt]);
    await query(`INSERT INTO product_events (plu, kind, day, seen_at, source) VALUES ($1, 'announced', ($2::timestamptz AT TIME ZONE 'America/New_York')::date, $2, 'price_list')`, [
      plu,
      seenAt,
    ]);
    const coming = await answer({ route: '/api/coming', method: 'GET', schema: catalogAnswers.comingSchema });
    expect(coming.products.find((p) => p.plu === plu)).toMatchObject({ stage: 'announced', list_price: 99.99, listing_type: 'Unknown' });
    const announced = await answer({ route: '/api/products/[plu]/journey', method: 'GET', options: { params: { plu } }, schema: catalogAnswers.productJourneySchema });
    expect(announced).toMatchObject({ stage: 'announced', steps: [{ kind: 'announced', price: 99.99 }] });
    const busy = await answer({ route: '/api/products/[plu]/journey', method: 'GET', options: { params: { plu: busyPlu } }, schema: catalogAnswers.productJourneySchema });
    expect(busy.steps.some((s) => s.kind === 'arrived')).toBe(true);
    // The demo's forecasts of its shipments, as the forecaster wrote them, with how they came out.
    expect(busy.steps.some((s) => s.kind === 'forecast' && s.places.length > 0)).toBe(true);
    expect(busy.steps.map((s) => s.at)).toEqual(busy.steps.map((s) => s.at).sort());
  });
});

describe('watchlist answers match lib/watchlist/types.ts', () => {
  it('every call of a user’s watchlist, from the default list to removing an item', async () => {
    const defaults = await answer({ route: '/api/watchlist/default-products', method: 'GET', schema: watchlist.defaultProductsAnswerSchema });
    const keys = new Set(defaults.data.map((d) => d.listing_type_key));
    for (const key of ['allocation', 'limited', 'barrel', 'premium'] as const) expect(keys).toContain(key);
    const found = await answer({ route: '/api/watchlist/search/products', method: 'GET', options: { query: { q: 'weller' } }, schema: watchlist.searchAnswerSchema });
    expect(found.data.length).toBeGreaterThan(0);

    const fromSearch = await answer({
      route: '/api/watchlist',
      method: 'POST',
      options: { body: { plu: catalog.everyday, interest_type: 'interested' } },
      schema: watchlist.addedAnswerSchema,
      status: 201,
    });
    await answer({
      route: '/api/watchlist',
      method: 'POST',
      options: { body: { plu: catalog.allocation, interest_type: 'not_interested' } },
      schema: watchlist.addedAnswerSchema,
      status: 201,
    });
    const custom = await answer({
      route: '/api/watchlist',
      method: 'POST',
      options: { body: { custom_name: 'Contract Test Single Barrel', plu: catalog.unknownPlu, retail_price: 64.99, bottles_per_case: 6 } },
      schema: watchlist.addedAnswerSchema,
      status: 201,
    });
    expect(custom.data).toMatchObject({ custom_name: 'Contract Test Single Barrel', brand_name: null, retail_price: 64.99 });

    const items = await answer({ route: '/api/watchlist', method: 'GET', schema: watchlist.watchItemsAnswerSchema });
    expect(items.data.map((i) => i.watch_id).sort()).toEqual([fromSearch.watchId, custom.watchId].sort());
    const preferences = await answer({ route: '/api/watchlist/user-preferences', method: 'GET', schema: watchlist.preferencesAnswerSchema });
    expect(preferences.data).toHaveLength(3);

    const params = { watchId: String(custom.watchId) };
    await answer({ route: '/api/watchlist/[watchId]', method: 'GET', options: { params }, schema: watchlist.watchItemAnswerSchema });
    const paused = await answer({ route: '/api/watchlist/[watchId]', method: 'PATCH', options: { params, body: { active: false } }, schema: watchlist.updatedAnswerSchema });
    expect(paused.data.active).toBe(false);
    await answer({ route: '/api/watchlist/[watchId]', method: 'DELETE', options: { params }, schema: watchlist.removedAnswerSchema });
  });
});

describe('the contract itself', () => {
  it('covers every report and watchlist route (found by walking app/api)', () => {
    const all = routes.flatMap((r) => r.methods.map((m) => `${r.pattern} ${m}`)).filter((k) => !NOT_JSON.has(k));
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((k) => !covered.has(k))).toEqual([]);
  });

  it('refuses answers that drifted: a field renamed, added or retyped', () => {
    const arrival = {
      history_id: 1, bourbon_name: 'Blanton’s', plu: '27090', price: 64.99, listing_type: 'Allocation', store_id: 3, store_number: 12,
      store_nickname: 'Cary', store_address: '1 Main St', new_quantity: 4, previous_quantity: 0, delta: 4, change_type: 'first',
      last_updated: '2026-03-10T14:15:00.000Z',
    };
    expect(reports.arrivalSchema.safeParse(arrival).success).toBe(true);
    expect(reports.arrivalSchema.safeParse({ ...arrival, price: 'Not Available' }).success).toBe(true);
    expect(reports.arrivalSchema.safeParse({ ...arrival, price: null }).success).toBe(false);
    expect(reports.arrivalSchema.safeParse({ ...arrival, store_name: 'Cary' }).success).toBe(false);
    expect(reports.arrivalSchema.safeParse({ ...arrival, bourbon_name: undefined, product_name: 'Blanton’s' }).success).toBe(false);
    expect(reports.arrivalSchema.safeParse({ ...arrival, last_updated: '03/10/2026' }).success).toBe(false);

    const product = { plu: '27090', product_name: 'Blanton’s', Listing_Type: 'Allocation', retail_price: 64.99, size_ml: 750, total_bottles: 5, stores_with_stock: 2, last_seen: null, stores_unknown: 0 };
    expect(reports.allocatedProductSchema.safeParse(product).success).toBe(true);
    expect(reports.allocatedProductSchema.safeParse({ ...product, stores: [] }).success).toBe(false);
    const summary = { totalProducts: 1, totalBottles: 5, uniqueStores: 2, byListingType: { Allocation: 1 } };
    expect(reports.inventorySummarySchema.safeParse(summary).success).toBe(false);
    expect(reports.inventorySummarySchema.safeParse({ ...summary, byListingType: { Allocation: { count: 1, bottles: 5 } } }).success).toBe(true);
  });
});

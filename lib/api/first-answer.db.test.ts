import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TODAY, query, signedIn, withTestDatabase, type TestClient, type TestUser } from '../../testing/harness.ts';
import type { SessionUser } from '../auth/session.ts';
import * as forecastReads from '../forecast/reads.ts';
import * as reportReads from '../reports/reads.ts';
import * as watchlistReads from '../watchlist/reads.ts';
import { ApiError } from './errors.ts';
import { readAnswer, type Read } from './handler.ts';
import { routeHandler } from '../../testing/api.ts';

// The routes these tests call, by their URL (lib/ does not import app/).
const arrivalsRoute = await routeHandler('/api/inventory/todays-arrivals', 'GET');
const allocatedRoute = await routeHandler('/api/inventory/allocated-current', 'GET');
const historyRoute = await routeHandler('/api/inventory/store-history/[storeId]', 'GET');
const whereRoute = await routeHandler('/api/inventory/product/[plu]/where', 'GET');
const warehouseRoute = await routeHandler('/api/reports/warehouse-inventory', 'GET');
const shipmentBoardsRoute = await routeHandler('/api/state/boards', 'GET');
const shipmentsRoute = await routeHandler('/api/state/shipments', 'GET');
const storeInventoryRoute = await routeHandler('/api/stores/[storeId]/inventory', 'GET');
const storesRoute = await routeHandler('/api/stores', 'GET');
const defaultProductsRoute = await routeHandler('/api/watchlist/default-products', 'GET');
const itemsRoute = await routeHandler('/api/watchlist', 'GET');
const preferencesRoute = await routeHandler('/api/watchlist/user-preferences', 'GET');
const coveredRoute = await routeHandler('/api/boards/covered', 'GET');
const boardsRoute = await routeHandler('/api/boards', 'GET');
const storeShipmentsRoute = await routeHandler('/api/stores/[storeId]/shipments', 'GET');
const storeExpectedRoute = await routeHandler('/api/stores/[storeId]/expected', 'GET');
const incomingRoute = await routeHandler('/api/incoming', 'GET');
const recordRoute = await routeHandler('/api/incoming/record', 'GET');

// A server page's first screenful (firstAnswer → readAnswer) is the body the screen would have fetched from
// the route: the same parameters give the same JSON, for every read a page renders.

withTestDatabase('demo', 'first_answer');

let browser: TestClient;
let user: TestUser;
let storeId: string;
let plu: string;

beforeAll(async () => {
  ({ browser, user } = await signedIn());
  [{ id: storeId }] = await query<{ id: string }>(`SELECT id::text AS id FROM stores WHERE board_id = 179 ORDER BY id LIMIT 1`);
  [{ plu }] = await query<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 1`);
});

type Handler = Parameters<TestClient['call']>[0];

async function same<A extends object>(read: Read<unknown, unknown, A>, route: Handler, path: string, raw: { params?: Record<string, string>; query?: Record<string, string> } = {}) {
  const res = await browser.call(route, path, { params: raw.params, query: raw.query });
  expect(res.status).toBe(200);
  const first = await readAnswer(read, raw, { id: user.id } as SessionUser);
  expect(first).toEqual(res.json);
  // The type the page is given is the read's schema, and the answer holds to it.
  expect(read.schema.parse(first)).toEqual(first);
}

describe('the first answer is the route’s body', () => {
  it('report and forecast reads, with their defaults and with the parameters the pages pass', async () => {
    await same(reportReads.todaysArrivalsRead, arrivalsRoute, '/api/inventory/todays-arrivals', { query: { date: DEMO_TODAY, boardId: '179' } });
    await same(reportReads.todaysArrivalsRead, arrivalsRoute, '/api/inventory/todays-arrivals', { query: { date: DEMO_TODAY, boardId: '78' } });
    await same(reportReads.allocatedCurrentRead, allocatedRoute, '/api/inventory/allocated-current');
    await same(reportReads.storesRead, storesRoute, '/api/stores', { query: { boardId: '78' } });
    await same(reportReads.storeInventoryRead, storeInventoryRoute, `/api/stores/${storeId}/inventory`, { params: { storeId } });
    await same(reportReads.storeHistoryRead, historyRoute, `/api/inventory/store-history/${storeId}`, { params: { storeId }, query: { days: '30' } });
    await same(reportReads.warehouseRead, warehouseRoute, '/api/reports/warehouse-inventory');
    await same(reportReads.shipmentsRead, shipmentsRoute, '/api/state/shipments', { query: { searchTerm: '' } });
    await same(reportReads.shipmentBoardsRead, shipmentBoardsRoute, '/api/state/boards');
    await same(forecastReads.whereRead, whereRoute, `/api/inventory/product/${plu}/where`, { params: { plu } });
    await same(reportReads.coveredBoardsRead, coveredRoute, '/api/boards/covered');
    await same(reportReads.boardsRead, boardsRoute, '/api/boards');
    await same(reportReads.storeShipmentsRead, storeShipmentsRoute, `/api/stores/${storeId}/shipments`, { params: { storeId } });
    await same(forecastReads.storeExpectedRead, storeExpectedRoute, `/api/stores/${storeId}/expected`, { params: { storeId } });
    await same(forecastReads.incomingRead, incomingRoute, '/api/incoming', { query: { boardId: '179' } });
    await same(forecastReads.forecastRecordRead, recordRoute, '/api/incoming/record');
  });

  it("the watchlist's reads, for the user", async () => {
    await same(watchlistReads.defaultProductsRead, defaultProductsRoute, '/api/watchlist/default-products');
    await same(watchlistReads.preferencesRead, preferencesRoute, '/api/watchlist/user-preferences');
    await same(watchlistReads.itemsRead, itemsRoute, '/api/watchlist');
  });

  it('refuses what the route refuses (the page then leaves the load to the screen)', async () => {
    await expect(readAnswer(reportReads.storeInventoryRead, { params: { storeId: '999999' } }, { id: user.id } as SessionUser)).rejects.toBeInstanceOf(ApiError);
    await expect(readAnswer(reportReads.storeInventoryRead, { params: { storeId: 'x' } }, { id: user.id } as SessionUser)).rejects.toThrow();
  });
});

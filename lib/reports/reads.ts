import 'server-only';
import { z } from 'zod';
import { read } from '../api/handler.ts';
import { nyDate } from '../time.ts';
import { arrivalsOn } from './arrivals.ts';
import { boardDirectoryJson } from './board-directory.ts';
import { coveredBoards } from './boards.ts';
import { allocatedCurrentJson } from './inventory.ts';
import { boardIdQuery, boardQuery } from './board-params.ts';
import { idText, listingTypes, oneOf, searchText, storeIdParams, ymd } from './params.ts';
import { jsonResponse } from './sql.ts';
import { DATE_RANGES, listBoards, listShipments, PRODUCT_TYPES } from './statewide.ts';
import { SHIPMENT_PERIODS, storeShipments } from './store-shipments.ts';
import { HISTORY_PERIODS, listStoresJson, storeHistory, storeInventory } from './stores.ts';
import {
  allocatedCurrentSchema,
  arrivalsReportSchema,
  boardDirectorySchema,
  boardsSchema,
  coveredBoardsSchema,
  shipmentsSchema,
  storeHistorySchema,
  storeInventorySchema,
  storeShipmentsSchema,
  storesSchema,
  TIME_PERIODS,
  warehouseInventorySchema,
} from './types.ts';
import { warehouseInventory } from './warehouse.ts';

// The report reads a screen opens with, each declared once for its GET route (app/api/...) and for the
// screen's server page, which renders the same answer as its first screenful (lib/api/handler.ts firstAnswer;
// docs/decisions/019-first-screenful-in-the-html.md).

/** GET /api/inventory/todays-arrivals: a New York date's arrivals (default today) at a board's stores. */
export const todaysArrivalsRead = read({
  schema: arrivalsReportSchema,
  query: z.object({ date: ymd('date').optional(), boardId: boardIdQuery }),
  answer: async ({ query, headers }) => jsonResponse(headers, await arrivalsOn(query.date ?? nyDate(), query.boardId)),
});

/** GET /api/inventory/allocated-current: hunted bottles on a board's shelves now. */
export const allocatedCurrentRead = read({ schema: allocatedCurrentSchema, query: boardQuery, answer: async ({ query, headers }) => jsonResponse(headers, await allocatedCurrentJson(query.boardId)) });

/** GET /api/stores: a board's stores. */
export const storesRead = read({ schema: storesSchema, query: boardQuery, answer: async ({ query, headers }) => jsonResponse(headers, await listStoresJson(query.boardId)) });

/** GET /api/stores/{storeId}/inventory: a store and what is on its shelves. */
export const storeInventoryRead = read({
  schema: storeInventorySchema,
  params: storeIdParams,
  answer: async ({ params, headers }) => jsonResponse(headers, await storeInventory(params.storeId)),
});

/** GET /api/inventory/store-history/{storeId}: a store's drops over the last 30 (60, 90) days. */
export const storeHistoryRead = read({
  schema: storeHistorySchema,
  params: storeIdParams,
  query: z.object({ days: oneOf('days', HISTORY_PERIODS).default('30') }),
  answer: async ({ params, query, headers }) => jsonResponse(headers, await storeHistory(params.storeId, Number(query.days))),
});

/** GET /api/stores/{storeId}/shipments: what the state shipped to the store's board over the last 30 (60, 90) days. */
export const storeShipmentsRead = read({
  schema: storeShipmentsSchema,
  params: storeIdParams,
  query: z.object({ days: oneOf('days', SHIPMENT_PERIODS).default('30') }),
  answer: ({ params, query }) => storeShipments(params.storeId, Number(query.days)),
});

/** GET /api/boards/covered: every covered board's stores and freshness. */
export const coveredBoardsRead = read({ schema: coveredBoardsSchema, answer: () => coveredBoards() });

/** GET /api/boards: every board in the state with its precision, stores and freshness (~40 KB, gzipped once). */
export const boardsRead = read({ schema: boardDirectorySchema, answer: async ({ headers }) => jsonResponse(headers, await boardDirectoryJson()) });

/** GET /api/reports/warehouse-inventory: the warehouse's levels over a period, revalidated by version. */
export const warehouseRead = read({
  schema: warehouseInventorySchema,
  query: z.object({ timePeriod: oneOf('timePeriod', TIME_PERIODS).default('last_30_days'), listingTypes, search: searchText('search') }),
  answer: async ({ query, headers }) => {
    const answer = await warehouseInventory(query.timePeriod, headers.get('if-none-match'), { listingTypes: query.listingTypes, search: query.search });
    // Revalidated on every use (no-cache): the client keeps the answer and sends its version back.
    const versioned = { ETag: `"${answer.etag}"`, 'Cache-Control': 'private, no-cache' };
    if (answer.notModified) return new Response(null, { status: 304, headers: versioned });
    return jsonResponse(headers, answer.json, versioned);
  },
});

/** GET /api/state/shipments: the warehouse's shipments to the boards. */
export const shipmentsRead = read({
  schema: shipmentsSchema,
  query: z.object({
    productType: oneOf('productType', PRODUCT_TYPES).default('all-allocation-limited-barrel'),
    boardId: z.union([z.literal('all'), idText('boardId')], { error: 'boardId must be "all" or a board id' }).default('all'),
    searchTerm: searchText('searchTerm'),
    dateRange: oneOf('dateRange', DATE_RANGES).default('last-16-days'),
  }),
  answer: async ({ query, headers }) => jsonResponse(headers, await listShipments(query)),
});

/** GET /api/state/boards: every board, in the `{ success, boards }` envelope the original client reads. */
export const shipmentBoardsRead = read({ schema: boardsSchema, answer: async () => ({ success: true as const, boards: await listBoards() }) });

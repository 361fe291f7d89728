import 'server-only';
import { read } from '../api/handler.ts';
import { boardQuery } from '../reports/board-params.ts';
import { pluParams, storeIdParams } from '../reports/params.ts';
import { productWhereabouts } from '../reports/where.ts';
import { incomingNearby, nearbyQuery } from './nearby.ts';
import { expectedAtStore, forecastRecord, incomingForBoard, onItsWay } from './read.ts';
import { forecastRecordSchema, incomingNearbySchema, incomingReportSchema, productWhereaboutsSchema, storeExpectedSchema } from './types.ts';

// The reads that carry forecasts, declared once for their GET route and their screen's first answer, as the
// report reads are (lib/reports/reads.ts). Forecasts build on the reports (board directory, whereabouts), never
// the other way round.

/** GET /api/inventory/product/{plu}/where: every covered board's stores holding it, the warehouse, the latest shipments, what is on its way. */
export const whereRead = read({
  schema: productWhereaboutsSchema,
  params: pluParams,
  // The forecasts are read on every call: they change with every cycle's evidence (the rest is kept: lib/reports/where.ts).
  answer: async ({ params }) => {
    const [whereabouts, incoming] = await Promise.all([productWhereabouts(params.plu), onItsWay(params.plu)]);
    return { ...whereabouts, on_its_way: incoming };
  },
});

/** GET /api/incoming?boardId=: the board's shipments on their way, where and when they are forecast to land, and its record. */
export const incomingRead = read({ schema: incomingReportSchema, query: boardQuery, answer: ({ query }) => incomingForBoard(query.boardId) });

/** GET /api/incoming/nearby?within=: the open shipments to any board whose forecast places are near the hunter's place, nearest first. */
export const incomingNearbyRead = read({
  schema: incomingNearbySchema,
  query: nearbyQuery,
  answer: ({ query, user }) => incomingNearby(user.id, query.within),
});

/** GET /api/incoming/record: how often each board's forecasts were right over 30 and 90 days. */
export const forecastRecordRead = read({ schema: forecastRecordSchema, answer: () => forecastRecord() });

/** GET /api/stores/{storeId}/expected: what is forecast to reach the store within the week. */
export const storeExpectedRead = read({ schema: storeExpectedSchema, params: storeIdParams, answer: ({ params }) => expectedAtStore(params.storeId) });

import { z } from 'zod';
import { nearbyStoresSchema, nearbyStoreSchema } from '../places/types.ts';
import { answerParts, boardEntrySchema, boardPrecisionSchema, whereaboutsSchema } from '../reports/types.ts';

// The forecasts' answers (docs/decisions/027-forecasts.md): where and when shipped bottles will likely land, and
// how often that came true. Zod schemas and the types derived from them, like lib/reports/types.ts, whose
// primitives and board entries they build on; the screens import them with `import type`.

const { ok, ymd, instant, pluCode, listingType, id, count, price } = answerParts;

// ── on its way: forecasts of shipped bottles ──

export const forecastOutcomeSchema = z.enum(['open', 'arrived', 'not_arrived', 'unscorable']);

/** One store's forecast for a shipment (store null: the board as a whole, which the state does not split). */
export const forecastPlaceSchema = z.strictObject({
  store: z.strictObject({ store_id: id, store_number: count, nickname: z.string() }).nullable(),
  /** 0–1, after the evidence so far (bottles already seen at other stores lower it). */
  likelihood: z.number().min(0).max(1),
  /** "very likely", "likely", "possible", "unlikely" (lib/forecast/words.ts), and e.g. "8 in 10". */
  likelihood_words: z.string(),
  likelihood_in_ten: z.string(),
  /** Forecast to get it (likelihood ≥ 0.2); the others are listed with their likelihood only. */
  named: z.boolean(),
  /**
   * Why it is named, in a few words: the board habit its forecast rests on ("next in Wake's Allocation rotation",
   * "gets every Allocation", "Saturday drop", "only when 24 or more bottles come"); null when not named or there is
   * none to tell (issue 37).
   */
  why: z.string().nullable(),
  /** The store's first delivery day in the window, when its day is known. */
  expected_date: ymd.nullable(),
  window_start: ymd,
  window_end: ymd,
  outcome: forecastOutcomeSchema,
  /** When the shelf showed it (outcome `arrived`). */
  arrived_at: instant.nullable(),
});
export type ForecastPlace = z.infer<typeof forecastPlaceSchema>;

/** One shipment of a hunted product to a board and where it is forecast to land. */
export const incomingShipmentSchema = z.strictObject({
  incoming_id: z.string(),
  plu: pluCode,
  name: z.string(),
  listing_type: listingType,
  retail_price: price,
  board_id: id,
  board_name: z.string(),
  /** How precisely the board's stores can be told: shelf (read, learned), store_by_shipment (its one store), board. */
  precision: boardPrecisionSchema,
  /** The extract's day that dated the shipment. */
  ship_date: ymd,
  units: count,
  status: z.enum(['open', 'closed']),
  /** When it was forecast, and when the evidence last changed it. */
  forecast_at: instant,
  updated_at: instant,
  /** Named places first, most likely first. */
  places: z.array(forecastPlaceSchema),
});
export type IncomingShipment = z.infer<typeof incomingShipmentSchema>;

// ── on its way near the hunter (issue 39) ──

/**
 * The store a shipment near the hunter is measured to, with its distance (as GET /api/stores/nearby says it).
 * `kind`: `forecast`, the nearest of the stores its forecast names (or where it arrived); `board`, the board's
 * nearest retail store, when the forecast names none (the state does not say which store, or none is likely
 * enough to name).
 */
export const nearestStoreSchema = nearbyStoreSchema.extend({ kind: z.enum(['forecast', 'board']) });
export type NearestStore = z.infer<typeof nearestStoreSchema>;

/** A shipment on its way, with the store it is nearest the hunter at. */
export const nearbyShipmentSchema = incomingShipmentSchema.extend({ nearest: nearestStoreSchema });
export type NearbyShipment = z.infer<typeof nearbyShipmentSchema>;

/**
 * GET /api/incoming/nearby?within=: the open shipments to any board of the state whose nearest store (`nearest`)
 * is within `within` miles of the hunter's place, nearest first, at most 50 (`total`: how many were within
 * reach). `from: null` (and none) when the hunter has no place.
 */
export const incomingNearbySchema = z.strictObject({
  success: ok,
  from: nearbyStoresSchema.shape.from,
  /** The radius asked for, in miles. */
  within: z.number().int().positive(),
  total: count,
  shipments: z.array(nearbyShipmentSchema),
  checked_at: instant,
});
export type IncomingNearby = z.infer<typeof incomingNearbySchema>;

// ── where is it now, with what is on its way ──

/** GET /api/inventory/product/{plu}/where: the product across the covered boards (lib/reports/where.ts), and its forecasts. */
export const productWhereaboutsSchema = whereaboutsSchema.extend({
  /** Shipments of it on their way to boards, with where and when they are forecast to land (open forecasts). */
  on_its_way: z.array(incomingShipmentSchema),
});
export type ProductWhereabouts = z.infer<typeof productWhereaboutsSchema>;

// ── on its way: the record and the answers that carry it ──

const recordPeriodSchema = z.strictObject({
  days: z.union([z.literal(30), z.literal(90)]),
  /** Named (store, window) pairs whose window closed in the period, and how many got the bottle. */
  named_closed: count,
  named_arrived: count,
  precision: z.number().min(0).max(1).nullable(),
  /** Shelf arrivals of hunted products in the period, and how many a forecast named at least 12 hours before. */
  arrivals: count,
  forecast_ahead: count,
  recall: z.number().min(0).max(1).nullable(),
  /** Median hours from naming to arrival, of the arrivals forecast ahead. */
  median_lead_hours: z.number().nonnegative().nullable(),
  /** Forecasts for boards whose shelves are not read: closed, but nothing to check them against. */
  unscorable: count,
});

/** A board's forecasting record (GET /api/incoming/record, /admin). */
export const boardRecordSchema = z.strictObject({
  board_id: id,
  name: z.string(),
  precision: boardPrecisionSchema,
  periods: z.array(recordPeriodSchema),
  /** good / poor (recall or precision under 50% over 90 days) / too_few (under 10 closed) / unscorable (no shelves read). */
  verdict: z.enum(['good', 'poor', 'too_few', 'unscorable']),
  /** What to say next to this board's forecasts, or null when its record is good. */
  note: z.string().nullable(),
});
export type BoardRecord = z.infer<typeof boardRecordSchema>;

/** GET /api/incoming?boardId=: the board's shipments on their way (and those that landed in the last days), with its record. */
export const incomingReportSchema = z.strictObject({
  success: ok,
  board: boardEntrySchema,
  incoming: z.array(incomingShipmentSchema),
  record: boardRecordSchema,
  /** When this answer was read. */
  checked_at: instant,
});
export type IncomingReport = z.infer<typeof incomingReportSchema>;

/** One bucket of stated likelihood (`from` ≤ first likelihood < `to`; the last bucket holds 1): what came of its closed forecasts. */
export const calibrationBucketSchema = z.strictObject({
  from: z.number().min(0).max(1),
  to: z.number().min(0).max(1),
  /** Closed (arrived or not) forecasts whose first likelihood fell in the bucket, named or not. */
  forecasts: count,
  /** Their mean first likelihood, and the share whose store got the bottle (null: none in the bucket). */
  mean_stated: z.number().min(0).max(1).nullable(),
  came_true: z.number().min(0).max(1).nullable(),
});
export type CalibrationBucket = z.infer<typeof calibrationBucketSchema>;

/** Stated likelihood against what came true, for one kind of board (lib/forecast/record.ts). */
export const boardKindCalibrationSchema = z.strictObject({
  precision: boardPrecisionSchema,
  /** Closed forecasts checked against a shelf (0 where no shelf is read: nothing to check them against). */
  forecasts: count,
  /** Ten buckets of ten points, lowest first. */
  buckets: z.array(calibrationBucketSchema),
});
export type BoardKindCalibration = z.infer<typeof boardKindCalibrationSchema>;

/** GET /api/incoming/record: every board with forecasts, shelf boards first; `calibration` (issue 37): one per board kind. */
export const forecastRecordSchema = z.strictObject({
  success: ok,
  boards: z.array(boardRecordSchema),
  calibration: z.array(boardKindCalibrationSchema),
  checked_at: instant,
});
export type ForecastRecord = z.infer<typeof forecastRecordSchema>;

/** One product expected at a store (GET /api/stores/{storeId}/expected). */
export const expectedProductSchema = z.strictObject({
  incoming_id: z.string(),
  plu: pluCode,
  name: z.string(),
  listing_type: listingType,
  retail_price: price,
  ship_date: ymd,
  units: count,
  precision: boardPrecisionSchema,
  place: forecastPlaceSchema,
});
export type ExpectedProduct = z.infer<typeof expectedProductSchema>;

/** GET /api/stores/{storeId}/expected: what is forecast to reach the store within the next 7 days. */
export const storeExpectedSchema = z.strictObject({
  success: ok,
  store_id: id,
  board_id: id,
  products: z.array(expectedProductSchema),
  record: boardRecordSchema,
  checked_at: instant,
});
export type StoreExpected = z.infer<typeof storeExpectedSchema>;

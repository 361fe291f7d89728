import { z } from 'zod';
import { ErrorCode } from '../api/error-codes.ts';
import { LISTING_TYPES } from './params.ts';

// The report answers (docs/api/reports.md), declared once. Each is a zod schema, strict (no field more or
// less), and the TypeScript type derived from it: the server code returns these types, the screens import
// them with `import type` (no zod reaches the browser), and app/api/contract.db.test.ts parses every
// route's real answer with the schemas, so an answer that stops matching its type fails a test.

export const TIME_PERIODS = ['current_month', 'last_30_days', 'last_90_days'] as const;
export type TimePeriod = (typeof TIME_PERIODS)[number];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const ok = z.literal(true);
/** A New York calendar date, YYYY-MM-DD. */
const ymd = z.iso.date();
/** An instant, ISO-8601 UTC ("2026-03-10T14:15:00.000Z"). */
const instant = z.iso.datetime();
const usDate = z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'MM/DD/YYYY');
const pluCode = z.string().regex(/^\d{5}$/, 'a 5-digit PLU');
const listingType = z.enum(LISTING_TYPES);
const id = z.number().int().positive();
const count = z.number().int().nonnegative();
/** Dollars, or null when the catalog has no price. */
const price = z.number().nonnegative().nullable();
/** The primitives the answers are built from, for the answers declared beside their domain (lib/forecast/types.ts). */
export const answerParts = { ok, ymd, instant, pluCode, listingType, id, count, price };
/** Booleans of the store fields are 1 or 0 (the spec's mixed_beverage). */
const flag = z.union([z.literal(1), z.literal(0)]);
const changeType = z.enum(['first', 'increase']);

/** How precisely a figure places a bottle (lib/reference/precision.ts). */
export const precisionSchema = z.enum(['shelf', 'store_by_shipment', 'board', 'warehouse']);
/** A board's precision: never `warehouse`. */
export const boardPrecisionSchema = z.enum(['shelf', 'store_by_shipment', 'board']);
/** What the shipments extract says about a day (lib/reports/shipment-days.ts dayStatus). */
export const dayStatusSchema = z.enum(['not_tracked', 'baseline', 'complete', 'spans', 'truncated', 'pending', 'late', 'missing']);

/**
 * Every error answer: `{ success: false, error, message, code }` (the same text: our screens read `error`,
 * other clients `message`; `code` from the closed set in lib/api/error-codes.ts), sometimes with more
 * (`remainingAttempts`, `waitTime`…).
 */
export const errorAnswerSchema = z.looseObject({
  success: z.literal(false),
  error: z.string().min(1),
  message: z.string().min(1),
  code: z.enum(ErrorCode),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

// ── arrivals ──

export const arrivalSchema = z.strictObject({
  history_id: id,
  bourbon_name: z.string(),
  plu: pluCode,
  /** A number, or the text "Not Available" when the catalog has no price. */
  price: z.union([z.number().nonnegative(), z.literal('Not Available')]),
  listing_type: listingType,
  store_id: id,
  store_number: count,
  store_nickname: z.string(),
  store_address: z.string(),
  new_quantity: count,
  previous_quantity: count,
  delta: z.number().int(),
  change_type: changeType,
  last_updated: instant,
});
export type Arrival = z.infer<typeof arrivalSchema>;

/**
 * A hunted product the state's report shipped to a board on a day: a fact about the board (or, for a board with
 * one store, that store), never a shelf reading.
 */
export const boardShipmentSchema = z.strictObject({
  shipment_id: id,
  bourbon_name: z.string(),
  plu: pluCode,
  price: z.union([z.number().nonnegative(), z.literal('Not Available')]),
  listing_type: listingType,
  /** Bottles shipped, and the cases they make. */
  units: z.number().int().positive(),
  cases: count,
  ship_date: ymd,
  /** The first day whose shipments this report's day counts (earlier than ship_date when reports were missing). */
  covers_from: ymd,
  precision: z.enum(['store_by_shipment', 'board']),
  /** The store it went to, for a board with one store; null when the state does not say which. */
  store: z.strictObject({ store_id: id, store_number: count, store_nickname: z.string(), store_address: z.string() }).nullable(),
});
export type BoardShipment = z.infer<typeof boardShipmentSchema>;

/** One board's day in the state's shipment report. */
export const shipmentDayInfoSchema = z.strictObject({
  status: dayStatusSchema,
  covers_from: ymd,
  /** When that day's report was read (null: none read for it). */
  extracted_at: instant.nullable(),
  /** The days before it without a usable report, whose shipments are counted on it. */
  missing_dates: z.array(ymd),
  /** What a hunter should know about the day; null for a complete day. */
  note: z.string().nullable(),
});
export type ShipmentDayInfo = z.infer<typeof shipmentDayInfoSchema>;

/**
 * GET /api/inventory/todays-arrivals. The spec's fields (`arrivals` are shelf readings only: empty for a board
 * whose shelves are not read), and the board's precision and what the state shipped to it that day.
 */
export const arrivalsReportSchema = z.strictObject({
  success: ok,
  date: ymd,
  total_arrivals: count,
  arrivals: z.array(arrivalSchema),
  last_check: instant.nullable(),
  precision: boardPrecisionSchema,
  total_shipments: count,
  shipments: z.array(boardShipmentSchema),
  shipment_day: shipmentDayInfoSchema,
});
export type ArrivalsReport = z.infer<typeof arrivalsReportSchema>;

/** GET /api/inventory/available-dates */
export const availableDatesSchema = z.strictObject({
  success: ok,
  allAvailableDates: z.array(ymd),
  availableDate: ymd.nullable(),
  /** What the dates are: days with shelf arrivals (shelf boards), or with hunted shipments to the board. */
  basis: z.enum(['shelf', 'shipments']),
});
export type AvailableDates = z.infer<typeof availableDatesSchema>;

// ── how old stock is (lib/reports/stock-age.ts) ──

/**
 * When the board last confirmed this stock, when it did not confirm it when it should have (an ask since said
 * nothing or failed, or the ask that was due did not come): the screens say "last seen …". Null while confirmed.
 */
const lastSeen = instant.nullable();

/** A store whose stock of a product is unknown: overdue, and not confirmed for STOCK_UNKNOWN_AFTER_MINUTES (default a day). */
export const unknownStoreSchema = z.strictObject({
  store_id: id,
  nickname: z.string(),
  store_number: count,
  address: z.string(),
  mixed_beverage: flag,
  /** The bottles the board last confirmed there: no longer shown as in stock. */
  last_quantity: z.number().int().positive(),
  /** When the board last confirmed them. */
  last_seen: instant,
});
export type UnknownStore = z.infer<typeof unknownStoreSchema>;

// ── current inventory ──

export const storeStockSchema = z.strictObject({
  store_id: id,
  nickname: z.string(),
  store_number: count,
  address: z.string(),
  mixed_beverage: flag,
  quantity: z.number().int().positive(),
  last_updated: instant,
  last_seen: lastSeen,
});
export type StoreStock = z.infer<typeof storeStockSchema>;

export const allocatedProductSchema = z
  .strictObject({
    plu: pluCode,
    product_name: z.string(),
    Listing_Type: listingType,
    retail_price: price,
    size_ml: count.nullable(),
    total_bottles: z.number().int().positive(),
    stores_with_stock: z.number().int().positive(),
    /** The oldest confirmation among the stores counted whose number is last seen, or null. */
    last_seen: lastSeen,
    /** Stores whose stock of it is unknown (not counted above). */
    stores_unknown: count,
    /**
     * Left out by this API: clients load a product's stores with /api/inventory/product/{plu}/stores. When
     * present, every store holding the product (never an empty list for a product on shelves).
     */
    stores: z.array(storeStockSchema).optional(),
  })
  .refine((p) => p.stores === undefined || p.stores.length === p.stores_with_stock, {
    message: 'stores, when given, lists every store with stock',
    path: ['stores'],
  });
export type AllocatedProduct = z.infer<typeof allocatedProductSchema>;

const typeTotals = z.strictObject({ count: z.number().int().positive(), bottles: z.number().int().positive() });

export const inventorySummarySchema = z.strictObject({
  totalProducts: count,
  totalBottles: count,
  uniqueStores: count,
  /** Per listing type on shelves: how many products, and their bottles. */
  byListingType: z.partialRecord(listingType, typeTotals),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

/** A hunted product whose only stock at the board is unknown: not in `products`, not in the summary. */
export const unknownProductSchema = z.strictObject({
  plu: pluCode,
  product_name: z.string(),
  Listing_Type: listingType,
  retail_price: price,
  size_ml: count.nullable(),
  stores_unknown: z.number().int().positive(),
  /** The bottles the board last confirmed, across those stores. */
  last_bottles: z.number().int().positive(),
  /** The latest of their confirmations. */
  last_seen: instant,
});
export type UnknownProduct = z.infer<typeof unknownProductSchema>;

/** GET /api/inventory/allocated-current */
export const allocatedCurrentSchema = z.strictObject({
  success: ok,
  products: z.array(allocatedProductSchema),
  summary: inventorySummarySchema,
  stock_unknown: z.array(unknownProductSchema),
});
export type AllocatedCurrent = z.infer<typeof allocatedCurrentSchema>;

/** GET /api/inventory/product/{plu}/stores */
export const productStoresSchema = z.strictObject({ success: ok, stores: z.array(storeStockSchema), unknown_stores: z.array(unknownStoreSchema) });
export type ProductStores = z.infer<typeof productStoresSchema>;

export const searchProductSchema = z.strictObject({
  name: z.string(),
  plu: pluCode,
  retail_price: price,
  brand_name: z.string(),
});
export type SearchProduct = z.infer<typeof searchProductSchema>;

/** GET /api/inventory/search/{term} */
export const productSearchSchema = z.strictObject({ success: ok, products: z.array(searchProductSchema) });
export type ProductSearch = z.infer<typeof productSearchSchema>;

// ── stores ──

const storeRefShape = {
  store_id: id,
  nickname: z.string(),
  store_number: count,
  address: z.string(),
  mixed_beverage: flag,
};
export const storeRefSchema = z.strictObject(storeRefShape);
export type StoreRef = z.infer<typeof storeRefSchema>;

export const storeSchema = z.strictObject({
  ...storeRefShape,
  city: z.string(),
  region: z.string(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  delivery_day: z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Random']).nullable(),
  delivery_interval_days: z.number().int().positive().nullable(),
  last_delivery_date: ymd.nullable(),
});
export type Store = z.infer<typeof storeSchema>;

/** Every store answer says how precise its board's facts are; `shelf_read: false`: nothing is known about its shelves. */
const shelfFactsShape = { precision: boardPrecisionSchema, shelf_read: z.boolean() };

/** GET /api/stores: any board's stores. */
export const storesSchema = z.strictObject({ success: ok, ...shelfFactsShape, stores: z.array(storeSchema) });
export type Stores = z.infer<typeof storesSchema>;

export const storeItemSchema = z.strictObject({
  brand_name: z.string(),
  product_name: z.string(),
  Listing_Type: listingType,
  nc_code: pluCode,
  retail_price: price,
  bottles_per_case: z.number().int().positive().nullable(),
  size_ml: count.nullable(),
  quantity: z.number().int().positive(),
  images: z.strictObject({ image_url: z.string().nullable(), image_path: z.string().nullable() }),
  last_seen: lastSeen,
});
export type StoreItem = z.infer<typeof storeItemSchema>;

/** A product whose stock at the store is unknown: the item without `quantity`, with what was last seen. */
export const unknownStoreItemSchema = storeItemSchema.omit({ quantity: true, last_seen: true }).extend({
  last_quantity: z.number().int().positive(),
  last_seen: instant,
});
export type UnknownStoreItem = z.infer<typeof unknownStoreItemSchema>;

/** GET /api/stores/{storeId}/inventory */
export const storeInventorySchema = z.strictObject({
  success: ok,
  store: storeSchema,
  /** The covered board the store belongs to (its directory is GET /api/stores?boardId=). */
  board_id: id,
  inventory: z.array(storeItemSchema),
  /** Products whose stock here is unknown (not confirmed for STOCK_UNKNOWN_AFTER_MINUTES): not in `inventory`. */
  stock_unknown: z.array(unknownStoreItemSchema),
  ...shelfFactsShape,
});
export type StoreInventory = z.infer<typeof storeInventorySchema>;

export const historyItemSchema = z.strictObject({
  history_id: id,
  product_name: z.string(),
  listing_type: listingType,
  retail_price: price,
  nc_code: pluCode,
  change_type: changeType,
  delta: z.number().int(),
  /** The quantity after the change. */
  quantity: count,
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyDaySchema = z.strictObject({
  date: ymd,
  formatted_date: usDate,
  day_of_week: z.enum(WEEKDAYS),
  /** Items listed: increases of hunted products (Allocation, Limited, Barrel, Unknown). */
  item_count: count,
  /** Increases of Listed (everyday) products that day: counted in the summary, not listed. */
  other_count: count,
  items: z.array(historyItemSchema),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

/** GET /api/inventory/store-history/{storeId} */
export const storeHistorySchema = z.strictObject({
  success: ok,
  summary: z.strictObject({ totalChanges: count, uniqueProducts: count, totalInventoryAdded: count, daysWithChanges: count }),
  changes: z.array(historyDaySchema),
  ...shelfFactsShape,
});
export type StoreHistory = z.infer<typeof storeHistorySchema>;

/** One day of a store's board's shipments: the day's status in the state's report and what it shipped. */
export const storeShipmentDaySchema = shipmentDayInfoSchema.extend({ date: ymd, shipments: z.array(boardShipmentSchema) });

/** GET /api/stores/{storeId}/shipments: the store's board's hunted shipments, every day of the range, newest first. */
export const storeShipmentsSchema = z.strictObject({
  success: ok,
  store_id: id,
  board_id: id,
  /** The board's precision (a shelf board's shipments are still the board's, listed apart from its shelves). */
  board_precision: boardPrecisionSchema,
  /** The shipments' precision: `store_by_shipment` (its board's only store) or `board` (the state does not say which store). */
  precision: z.enum(['store_by_shipment', 'board']),
  days: z.array(storeShipmentDaySchema),
});
export type StoreShipments = z.infer<typeof storeShipmentsSchema>;

// ── delivery analysis ──

export const deliverySchema = z.strictObject({
  history_id: id,
  delivery_date: ymd,
  ...storeRefShape,
  /** Bottles that arrived (the history row's delta). */
  quantity: z.number().int().positive(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const otherDropStoreSchema = z.strictObject({
  ...storeRefShape,
  /** Names of the other hunted products that store received, ", "-separated. */
  received_products: z.string(),
  /** Their PLUs, ", "-separated in the same order. */
  received_plus: z.string(),
});
export type OtherDropStore = z.infer<typeof otherDropStoreSchema>;

/** What the shipments extract says about one day of the range (lib/reports/shipment-days.ts). */
export const shipmentDaySchema = z.strictObject({
  date: ymd,
  status: z.enum(['not_tracked', 'baseline', 'complete', 'spans', 'truncated', 'pending', 'late', 'missing']),
  /** Words for a hunter where shipments that day may be missing or moved; null otherwise. */
  note: z.string().nullable(),
});

export type ShipmentDay = z.infer<typeof shipmentDaySchema>;

export const deliveryAnalysisSchema = z.strictObject({
  /** bottles_per_case: the case size the cases were counted with (the catalog's, or 6 when it has none). */
  product: z.strictObject({ name: z.string(), plu: pluCode, bottles_per_case: z.number().int().positive() }),
  dateRange: z.strictObject({ startDate: ymd, endDate: ymd }),
  shipmentInfo: z.strictObject({ totalCases: count }),
  summary: z.strictObject({ totalCasesDelivered: count, uniqueStores: count }),
  deliveries: z.array(deliverySchema),
  storesWithOtherDrops: z.array(otherDropStoreSchema),
});
export type DeliveryAnalysis = z.infer<typeof deliveryAnalysisSchema>;

/**
 * POST /api/inventory/delivery-analysis (`shipment_days`: an addition to the spec, newest first — what the
 * shipments extract says about each day of the range, for the request's board)
 */
export const deliveryAnalysisAnswerSchema = z.strictObject({ success: ok, analysis: deliveryAnalysisSchema, shipment_days: z.array(shipmentDaySchema) });
export type DeliveryAnalysisReport = z.infer<typeof deliveryAnalysisAnswerSchema>;

/** POST /api/inventory/stores-without-deliveries */
export const storesWithoutDeliveriesSchema = z.strictObject({ success: ok, stores: z.array(storeSchema) });
export type StoresWithoutDeliveries = z.infer<typeof storesWithoutDeliveriesSchema>;

// ── warehouse ──

export const warehouseProductSchema = z.strictObject({
  product_name: z.string(),
  plu: pluCode,
  nc_code: pluCode,
  listing_type: listingType,
  retail_price: price,
  bottles_per_case: z.number().int().positive().nullable(),
  current_inventory: count,
  peak_inventory: count,
  peak_inventory_date: ymd,
  low_inventory: count,
  low_inventory_date: ymd,
  image_url: z.string().nullable(),
  image_path: z.string().nullable(),
});
export type WarehouseProduct = z.infer<typeof warehouseProductSchema>;

export const warehouseMetaSchema = z.strictObject({
  /** An opaque data version: the ETag. */
  file_modified: z.string().min(1),
  timePeriod: z.enum(TIME_PERIODS),
  startDate: ymd,
  endDate: ymd,
  /** The listing types answered, in the order Allocation, Limited, Barrel, Listed, Unknown. */
  listingTypes: z.array(listingType),
  /** The search applied on the server ('' for none). */
  search: z.string(),
  count,
  /** How many Listed products match the search (null when Listed was not asked for); at most listedLimit are answered. */
  listedMatches: count.nullable(),
  listedLimit: count,
});
export type WarehouseMeta = z.infer<typeof warehouseMetaSchema>;

/** GET /api/reports/warehouse-inventory */
export const warehouseInventorySchema = z.strictObject({
  success: ok,
  products: z.array(warehouseProductSchema),
  meta: warehouseMetaSchema,
});
export type WarehouseInventory = z.infer<typeof warehouseInventorySchema>;

// ── statewide ──

export const boardSchema = z.strictObject({ board_id: id, board_name_clean: z.string() });
export type Board = z.infer<typeof boardSchema>;

/** GET /api/state/boards: every board, by name, in the envelope the original client reads. */
export const boardsSchema = z.strictObject({ success: ok, boards: z.array(boardSchema) });
export type Boards = z.infer<typeof boardsSchema>;

export const shippedProductSchema = z.strictObject({ nc_code: pluCode, brand_name: z.string(), Listing_Type: listingType });
export type ShippedProduct = z.infer<typeof shippedProductSchema>;

/** GET /api/state/products */
export const shippedProductsSchema = z.strictObject({ success: ok, products: z.array(shippedProductSchema) });

export const shipmentSchema = z.strictObject({
  brand_name: z.string(),
  nc_code: pluCode,
  Listing_Type: listingType,
  retail_price: price,
  bottles_per_case: z.number().int().positive().nullable(),
  board_name_clean: z.string(),
  board_id: id,
  ship_date: ymd,
  ship_date_formatted: usDate,
  cases: count,
});
export type Shipment = z.infer<typeof shipmentSchema>;


/**
 * GET /api/state/shipments (`days`: an addition to the spec, newest first; `board_precision`: another, how
 * precisely each shipment's board places its bottles, by board id — every board of `shipments`, no other).
 */
export const shipmentsSchema = z.strictObject({
  success: ok,
  days: z.array(shipmentDaySchema).optional(),
  board_precision: z.record(z.string().regex(/^[1-9]\d*$/), boardPrecisionSchema).optional(),
  shipments: z.array(shipmentSchema),
});
export type Shipments = z.infer<typeof shipmentsSchema>;

// ── where is it now (one product across the covered boards) ──

export const whereaboutsStoreSchema = z.strictObject({
  store_id: id,
  store_number: count,
  nickname: z.string(),
  address: z.string(),
  mixed_beverage: flag,
  quantity: count,
  /** When the store's quantity last changed to this one. */
  last_updated: instant,
  last_seen: lastSeen,
});
export type WhereaboutsStore = z.infer<typeof whereaboutsStoreSchema>;

export const whereaboutsBoardSchema = z.strictObject({
  board_id: id,
  name: z.string(),
  /** Shelf readings. */
  precision: z.literal('shelf'),
  /** When the board's shelves were last read (its source's latest ok or partial run), or null: never. */
  last_check: instant.nullable(),
  /** As GET /api/boards/covered: the board's latest finished run failed; no good check for a day or more. */
  failing: z.boolean(),
  stale: z.boolean(),
  total_bottles: count,
  /** The stores holding it at the last check, most bottles first. */
  stores: z.array(whereaboutsStoreSchema),
  /** Stores whose stock of it is unknown (not confirmed for STOCK_UNKNOWN_AFTER_MINUTES): not in total_bottles. */
  unknown_stores: z.array(unknownStoreSchema),
});
export type WhereaboutsBoard = z.infer<typeof whereaboutsBoardSchema>;

/** GET /api/inventory/product/{plu}/where, but its forecasts (lib/forecast/types.ts productWhereaboutsSchema adds them). */
export const whereaboutsSchema = z.strictObject({
  success: ok,
  product: z.strictObject({
    plu: pluCode,
    name: z.string(),
    listing_type: listingType,
    retail_price: price,
    size_ml: z.number().int().positive().nullable(),
    bottles_per_case: z.number().int().positive().nullable(),
  }),
  /** The warehouse's latest Total Available, or null when the report never listed it. */
  warehouse: z.strictObject({ current_inventory: count, checked_at: instant, precision: z.literal('warehouse') }).nullable(),
  /** Every covered board (Wake first), whether or not its stores hold the product. */
  boards: z.array(whereaboutsBoardSchema),
  /**
   * Boards it shipped to within `shipment_days`, the latest first, with how precisely that places the bottles:
   * `store_by_shipment` (`only_store` is where they went) or `board` (one of its `stores`, the state does not say which).
   */
  shipments: z.array(
    z.strictObject({
      board_id: id,
      board_name_clean: z.string(),
      last_ship_date: ymd,
      cases: count,
      /** Bottles shipped within the window. */
      units: count,
      precision: z.enum(['store_by_shipment', 'board']),
      /** The board's own precision (a shelf board's shelves are in `boards`). */
      board_precision: boardPrecisionSchema,
      stores: count,
      only_store: storeRefSchema.nullable(),
    }),
  ),
  shipment_days: count,
  /** The days of that window whose shipments may be missing or moved (no report, a late or incomplete one), newest first. */
  shipment_day_notes: z.array(shipmentDaySchema),
});
export type Whereabouts = z.infer<typeof whereaboutsSchema>;

// ── covered boards ──

export const coveredBoardInfoSchema = z.strictObject({
  /** The Commission's board id: the `boardId` of the store-level report calls. */
  board_id: id,
  name: z.string(),
  /** The board's stores, mixed-beverage outlets included, and its retail stores alone. */
  stores: count,
  retail_stores: count,
  /** The scraper source that reads its shelves: its board_sources key, scrape_runs.source ("durham_inventory"). */
  source: z.string(),
  /** The latest run of that source (null: never run). */
  last_run_status: z.enum(['running', 'ok', 'partial', 'failed']).nullable(),
  last_run_at: instant.nullable(),
  /** The start of the latest good (ok or partial) run: the instant its rows carry, as todays-arrivals' last_check. */
  last_check: instant.nullable(),
  /** The latest finished run failed. */
  failing: z.boolean(),
  /** No good check for more than STALE_AFTER_HOURS (26 h; lib/reports/boards.ts), or never. */
  stale: z.boolean(),
});
export type CoveredBoardInfo = z.infer<typeof coveredBoardInfoSchema>;

/** GET /api/boards/covered */
export const coveredBoardsSchema = z.strictObject({ success: ok, boards: z.array(coveredBoardInfoSchema) });
export type CoveredBoards = z.infer<typeof coveredBoardsSchema>;

// ── every board (lib/reports/board-directory.ts) ──

export const boardEntrySchema = z.strictObject({
  board_id: id,
  /** The board's short name (boards.name_clean). */
  name: z.string(),
  precision: boardPrecisionSchema,
  /** Its stores in the reference data, mixed-beverage outlets included, and its retail stores alone. */
  stores: count,
  retail_stores: count,
  /** For a `store_by_shipment` board, the one store a shipment to the board goes to; null otherwise. */
  only_store: storeRefSchema.nullable(),
  /** For a `shelf` board, how fresh its shelves are (as GET /api/boards/covered); null otherwise. */
  shelf: coveredBoardInfoSchema.nullable(),
  /** The latest day a shipment to the board was dated (null: none), and what today's report says so far. */
  shipments: z.strictObject({ last_day: ymd.nullable(), today_status: dayStatusSchema }),
});
export type BoardEntry = z.infer<typeof boardEntrySchema>;

/** GET /api/boards: every board in the state, by name. */
export const boardDirectorySchema = z.strictObject({ success: ok, boards: z.array(boardEntrySchema) });
export type BoardDirectory = z.infer<typeof boardDirectorySchema>;

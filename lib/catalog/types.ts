import { z } from 'zod';
import { forecastPlaceSchema } from '../forecast/types.ts';
import { answerParts, boardPrecisionSchema } from '../reports/types.ts';

// The journey's answers (issue 40, docs/decisions/040-catalog-lists.md): a product's steps from the Commission's price
// list to the shelf, and the hunted products coming to North Carolina. Zod schemas and their types, like
// lib/reports/types.ts; the screens import them with `import type`.

const { ok, ymd, instant, pluCode, listingType, id, count, price } = answerParts;

/** Where a product stands on its way: the latest step the state's pages show. */
export const journeyStageSchema = z.enum(['announced', 'at_warehouse', 'shipped', 'on_shelves', 'listed']);
export type JourneyStage = z.infer<typeof journeyStageSchema>;

/**
 * A place a shipment's forecast named (or a store it reached unnamed), as it was forecast and how it came out:
 * store null is the board as a whole (the state does not split it).
 */
export const journeyForecastPlaceSchema = forecastPlaceSchema.omit({ likelihood: true }).extend({
  /** 0–1, what the forecast said when it was made (before any evidence moved it); its words are of this figure. */
  stated_likelihood: z.number().min(0).max(1),
});
export type JourneyForecastPlace = z.infer<typeof journeyForecastPlaceSchema>;

const step = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.strictObject({ kind: z.literal(kind), day: ymd, at: instant, ...shape });

/**
 * One step, oldest first. `at`: when the product saw it (the run that read it; a shipment's extract; a shelf's
 * poll); `day`: New York's day of it.
 */
export const journeyStepSchema = z.discriminatedUnion('kind', [
  /** A new NC code in the Commission's price list. */
  step('announced', { price: price.nullable() }),
  /** A new list price (it takes effect about a month later). */
  step('price', { from: price, to: price }),
  /** Onto the allocated list's sections, between them or off it (allocated_list), or a new label on the warehouse report (warehouse); null: on none. */
  step('listing', { source: z.enum(['allocated_list', 'warehouse']), from: z.string().nullable(), to: z.string().nullable() }),
  /** Stock appeared at the state warehouse from none. */
  step('received', { bottles: count, cases: z.number().nonnegative().nullable() }),
  /** The state shipped bottles to a board (the shipments extract, dated by its rise). */
  step('shipped', { board_id: id, board_name: z.string(), units: count, cases: z.number().nonnegative().nullable() }),
  /** A shipment to a board forecast (when it was forecast): the places it named, each with how it came out. */
  step('forecast', {
    incoming_id: z.string(),
    board_id: id,
    board_name: z.string(),
    precision: boardPrecisionSchema,
    units: count,
    /** open while a named place's window is not over. */
    status: z.enum(['open', 'closed']),
    /** Named places first, the likeliest first; then stores it reached without being named. */
    places: z.array(journeyForecastPlaceSchema),
  }),
  /** Bottles appeared on a store's shelf we read. */
  step('arrived', { store_id: id, store_name: z.string(), board_name: z.string(), quantity: count }),
]);
export type JourneyStep = z.infer<typeof journeyStepSchema>;
export type JourneyForecastStep = Extract<JourneyStep, { kind: 'forecast' }>;

export const journeyProductSchema = z.strictObject({
  plu: pluCode,
  name: z.string(),
  listing_type: listingType,
  /** Allocation or Limited while the Commission's allocated and limited list names it; null: not on it. */
  state_list: z.enum(['Allocation', 'Limited']).nullable(),
  /** The price list's price (published about a month ahead); the shelf's is retail_price. */
  list_price: price.nullable(),
  retail_price: price.nullable(),
  size_ml: count.nullable(),
  age: z.string().nullable(),
  proof: z.number().nullable(),
});

/** How old each source of the steps is: its latest whole read (null: never read). */
export const journeyAsOfSchema = z.strictObject({
  price_list: instant.nullable(),
  allocated_list: instant.nullable(),
  warehouse: instant.nullable(),
  shipments: instant.nullable(),
});

/** GET /api/products/{plu}/journey. */
export const productJourneySchema = z.strictObject({
  success: ok,
  product: journeyProductSchema,
  stage: journeyStageSchema,
  /** Bottles at the state warehouse on its latest report that listed the product (null: never listed). */
  warehouse_bottles: count.nullable(),
  steps: z.array(journeyStepSchema),
  as_of: journeyAsOfSchema,
});
export type ProductJourney = z.infer<typeof productJourneySchema>;

/** One hunted product coming to North Carolina: announced or received, not shipped to any board since. */
export const comingProductSchema = journeyProductSchema.pick({ plu: true, name: true, listing_type: true, state_list: true, list_price: true, size_ml: true }).extend({
  stage: z.enum(['announced', 'at_warehouse']),
  announced_on: ymd.nullable(),
  received_on: ymd.nullable(),
  /** Bottles at the warehouse on its latest report (null: not there yet). */
  warehouse_bottles: count.nullable(),
  /** The latest step's day: the list is newest first by it. */
  latest_step_on: ymd,
});
export type ComingProduct = z.infer<typeof comingProductSchema>;

/** GET /api/coming. */
export const comingSchema = z.strictObject({ success: ok, products: z.array(comingProductSchema), as_of: journeyAsOfSchema });
export type ComingAnswer = z.infer<typeof comingSchema>;

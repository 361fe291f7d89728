import { z } from 'zod';
import { LISTING_TYPES } from '../reports/params.ts';
import { INTEREST_TYPES, type DefaultTypeKey } from './rules.ts';

// The Watchlist calls' answers (spec sections 3 and 7, docs/api/watchlist.md), declared once: strict zod
// schemas and the types derived from them. The server returns these types, the screen imports them with
// `import type`, and app/api/contract.db.test.ts parses every route's real answer with the schemas.
// Prices are numbers (dollars) or null when the catalog has none.

// Every DefaultTypeKey, no more (the Record makes a missing or unknown key a compile error).
const DEFAULT_TYPE_KEYS = Object.keys({ allocation: 1, limited: 1, barrel: 1, premium: 1, new: 1 } satisfies Record<DefaultTypeKey, 1>) as [
  DefaultTypeKey,
  ...DefaultTypeKey[],
];

const pluCode = z.string().regex(/^\d{5}$/, 'a 5-digit PLU');
const id = z.number().int().positive();
const price = z.number().nonnegative().nullable();
const listingType = z.enum(LISTING_TYPES);
const interestType = z.enum(INTEREST_TYPES);

/** GET /api/watchlist/default-products: one product of the default list. */
export const defaultProductSchema = z.strictObject({
  plu: pluCode,
  brand_name: z.string(),
  /** The state's listing type: Allocation, Limited, Barrel, or Listed for Premium products. */
  listing_type: listingType,
  /** The default-list type the filters use. */
  listing_type_key: z.enum(DEFAULT_TYPE_KEYS),
  retail_price: price,
  size_ml: z.number().int().positive().nullable(),
  bottles_per_case: z.number().int().positive().nullable(),
});
export type DefaultProduct = z.infer<typeof defaultProductSchema>;

/** GET /api/watchlist/user-preferences: one of the user's rows, of either interest type. */
export const preferenceSchema = z.strictObject({ watch_id: id, plu: pluCode, interest_type: interestType });
export type Preference = z.infer<typeof preferenceSchema>;

/** GET /api/watchlist: the user's own items. Catalog facts come from the product when the PLU is known. */
export const watchItemSchema = z.strictObject({
  watch_id: id,
  plu: pluCode,
  /** Set for custom items (products not in the catalog when they were added). */
  custom_name: z.string().nullable(),
  /** The catalog name, or null while the PLU is not in the catalog. */
  brand_name: z.string().nullable(),
  /** The price typed for a custom item, else the catalog's. */
  retail_price: price,
  bottles_per_case: z.number().int().positive().nullable(),
  size_ml: z.number().int().positive().nullable(),
  alcohol_type: z.string().nullable(),
  active: z.boolean(),
  interest_type: interestType,
});
export type WatchItem = z.infer<typeof watchItemSchema>;

/** GET /api/watchlist/search/products: one catalog match. */
export const searchProductSchema = z.strictObject({
  plu: pluCode,
  brand_name: z.string(),
  listing_type: listingType,
  retail_price: price,
  size_ml: z.number().int().positive().nullable(),
});
export type SearchProduct = z.infer<typeof searchProductSchema>;

// The answers, call by call.
export const defaultProductsAnswerSchema = z.strictObject({ data: z.array(defaultProductSchema) });
export type DefaultProductsAnswer = z.infer<typeof defaultProductsAnswerSchema>;
export const preferencesAnswerSchema = z.strictObject({ data: z.array(preferenceSchema) });
export type PreferencesAnswer = z.infer<typeof preferencesAnswerSchema>;
export const watchItemsAnswerSchema = z.strictObject({ data: z.array(watchItemSchema) });
export type WatchItemsAnswer = z.infer<typeof watchItemsAnswerSchema>;
export const watchItemAnswerSchema = z.strictObject({ data: watchItemSchema });
export const searchAnswerSchema = z.strictObject({ data: z.array(searchProductSchema) });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
/** POST /api/watchlist (201). */
export const addedAnswerSchema = z.strictObject({ success: z.literal(true), watchId: id, data: watchItemSchema, message: z.string().min(1) });
export type AddedAnswer = z.infer<typeof addedAnswerSchema>;
/** PATCH /api/watchlist/{watchId}. */
export const updatedAnswerSchema = z.strictObject({ success: z.literal(true), data: watchItemSchema });
export type UpdatedAnswer = z.infer<typeof updatedAnswerSchema>;
/** DELETE /api/watchlist/{watchId}. */
export const removedAnswerSchema = z.strictObject({ success: z.literal(true) });
export type RemovedAnswer = z.infer<typeof removedAnswerSchema>;

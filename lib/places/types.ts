import { z } from 'zod';
import { answerParts, boardPrecisionSchema } from '../reports/types.ts';

// Near me (issue 39): the answers about places, declared once like lib/reports/types.ts; the screens import the
// types, app/api/contract-places.db.test.ts parses the routes' real answers with the schemas.

const { ok, id, instant } = answerParts;
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** A five-digit ZIP code (ZIP+4 is cut to its first five digits before this). */
export const zipCode = z.string().regex(/^\d{5}$/, 'a 5-digit ZIP code');

/** Where a store's point comes from: the locator and an admin's pin are exact, a ZIP code's or a city's centre approximate. */
export const PLACE_SOURCES = ['locator', 'admin', 'zip', 'city'] as const;
export type PlaceSourceName = (typeof PLACE_SOURCES)[number];
export const APPROXIMATE_SOURCES: readonly PlaceSourceName[] = ['zip', 'city'];

/** A hunter's place as the hunter sees it (nobody else does). */
export const hunterPlaceSchema = z.strictObject({
  source: z.enum(['zip', 'device']),
  zip: zipCode.nullable(),
  /** Two decimals: about a kilometre. */
  latitude,
  longitude,
  updated_at: instant,
});
export type HunterPlace = z.infer<typeof hunterPlaceSchema>;

/** GET, PUT /api/user/place; DELETE answers `place: null`. */
export const hunterPlaceAnswerSchema = z.strictObject({ success: ok, place: hunterPlaceSchema.nullable() });
export type HunterPlaceAnswer = z.infer<typeof hunterPlaceAnswerSchema>;

/** PUT /api/user/place: a ZIP code, or the browser's location (kept rounded to two decimals). */
export const hunterPlaceBody = z.union([
  z.strictObject({ zip: z.string().trim().transform((z) => z.slice(0, 5)).pipe(zipCode) }),
  z.strictObject({ latitude, longitude }),
]);

/** A store's point, and whether it is approximate (from its ZIP code or city). */
export const storePlaceSchema = z.strictObject({
  latitude,
  longitude,
  source: z.enum(PLACE_SOURCES),
  approximate: z.boolean(),
});
export type StorePlace = z.infer<typeof storePlaceSchema>;

/** One store of the state with its distance from the hunter. */
export const nearbyStoreSchema = z.strictObject({
  store_id: id,
  board_id: id,
  board_name: z.string(),
  /** How precisely the product knows what the store's board gets (shelf, store by shipment, board). */
  precision: boardPrecisionSchema,
  nickname: z.string(),
  address: z.string(),
  city: z.string(),
  /** Miles as the crow flies, one decimal. */
  miles: z.number().nonnegative(),
  /** The store's point is its ZIP code's or city's centre, not its door. */
  approximate: z.boolean(),
});
export type NearbyStore = z.infer<typeof nearbyStoreSchema>;

/** GET /api/stores/nearby: every retail store of the state with a point, nearest first; `from: null` when the hunter has no place. */
export const nearbyStoresSchema = z.strictObject({
  success: ok,
  /** The hunter's place the distances start from. */
  from: hunterPlaceSchema.omit({ updated_at: true }).nullable(),
  stores: z.array(nearbyStoreSchema),
});
export type NearbyStores = z.infer<typeof nearbyStoresSchema>;

/** A store on the map: its point, and the county it lies in (FIPS, public/maps/nc-counties.json; null: none found). */
export const mapStoreSchema = z.strictObject({
  store_id: id,
  board_id: id,
  nickname: z.string(),
  latitude,
  longitude,
  approximate: z.boolean(),
  fips: z.string().regex(/^37\d{3}$/).nullable(),
});
export type MapStore = z.infer<typeof mapStoreSchema>;

/** GET /api/stores/places: every retail store of the state with a point. */
export const mapStoresSchema = z.strictObject({ success: ok, stores: z.array(mapStoreSchema) });
export type MapStores = z.infer<typeof mapStoresSchema>;

/** PUT /api/admin/stores/{storeId}/place: an exact point; DELETE goes back to the approximate one. */
export const storePlaceBody = z.strictObject({ latitude, longitude });
export const storePlaceAnswerSchema = z.strictObject({ success: ok, store_id: id, place: storePlaceSchema.nullable() });
export type StorePlaceAnswer = z.infer<typeof storePlaceAnswerSchema>;

/** The numbers of the map's Mercator projection (d3-geo's, fitted to North Carolina): lib/places/rules.ts projectPoint. */
export interface MapProjection {
  scale: number;
  translate: [number, number];
}

/** public/maps/nc-counties.json (npm run make-map): the state's outline and counties as SVG paths in a width × height box. */
export interface NcMapShapes {
  width: number;
  height: number;
  projection: MapProjection;
  outline: string;
  counties: { fips: string; name: string; d: string }[];
}

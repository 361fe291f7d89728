// What hunters chase, defined once. Every part of the product that asks "is this product hunted?" reads
// this module: the scraper's polling tiers (hunted products are polled every cycle), the hunted report
// screens (Today's Arrivals, Current Inventory, Delivery Analysis, Warehouse, Statewide Shipments), the
// default watchlist and arrival alerts. Pure: no server imports, so screens use the same rule.
//
// - Allocation, Limited and Barrel are the state's own listing types for scarce bottles.
// - Unknown means "new release": news. A PLU the catalog did not know (learned from a page or first printed
//   on the warehouse report, whatever type it printed: blank, new, or the word "Unknown"). It is hunted until
//   the warehouse report classifies it (lib/ingest/warehouse.ts). The state's own catalog also says
//   "Unknown" for a few products it never classified (a ready-to-drink margarita among them): a row the
//   catalog knows is not news, so it is stored as an ordinary Listed product (catalogListingType) until the
//   warehouse report gives it a type.
// - Premium is not a state type: a Listed product priced at or above PREMIUM_MIN_PRICE. Premium products
//   are on the default watchlist (and so polled every cycle and alertable), but not on the hunted reports.

/** Every listing type, in the order screens list them. */
export const LISTING_TYPES = ['Allocation', 'Limited', 'Barrel', 'Listed', 'Unknown'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** The listing types of hunted products. */
export const HUNTED_TYPES = ['Allocation', 'Limited', 'Barrel', 'Unknown'] as const;
export type HuntedType = (typeof HUNTED_TYPES)[number];

/** Unknown: a new release the warehouse report has not classified yet. */
export const NEW_RELEASE_TYPE = 'Unknown' satisfies ListingType;

/** How screens name a listing type: Unknown is a new release, not a mystery. */
export function listingTypeLabel(listingType: string): string {
  return listingType === NEW_RELEASE_TYPE ? 'New release' : listingType;
}

/**
 * The listing type a product of the state's catalog is stored with: its own, except the catalog's
 * "Unknown", which is an ordinary Listed product until the warehouse report classifies it — not a new
 * release, polled every cycle, on everyone's default watchlist and alerted forever.
 */
export function catalogListingType(stateType: ListingType): ListingType {
  return stateType === NEW_RELEASE_TYPE ? 'Listed' : stateType;
}

export function isHunted(listingType: string | null | undefined): boolean {
  return (HUNTED_TYPES as readonly string[]).includes(listingType ?? '');
}

/** Premium: a Listed product priced at or above `premiumMinPrice` (PREMIUM_MIN_PRICE). */
export function isPremium(listingType: string | null | undefined, retailPrice: number | null, premiumMinPrice: number): boolean {
  return listingType === 'Listed' && retailPrice !== null && retailPrice >= premiumMinPrice;
}

/** On the default watchlist (so polled every cycle and alertable): hunted or Premium. */
export function onDefaultList(listingType: string | null | undefined, retailPrice: number | null, premiumMinPrice: number): boolean {
  return isHunted(listingType) || isPremium(listingType, retailPrice, premiumMinPrice);
}

// ── SQL: the same rules as text fragments (literals, so the planner sees the constants) ──

/** `listing_type IN ${HUNTED_SQL}`. */
export const HUNTED_SQL = `(${HUNTED_TYPES.map((t) => `'${t}'`).join(', ')})`;

/** SQL for isPremium over a type column, a price column and the SQL of the threshold (e.g. `$3`). */
export function premiumSql(typeColumn: string, priceColumn: string, minPriceSql: string): string {
  return `(${typeColumn} = 'Listed' AND ${priceColumn} >= ${minPriceSql})`;
}

/** SQL for onDefaultList. */
export function defaultListSql(typeColumn: string, priceColumn: string, minPriceSql: string): string {
  return `(${typeColumn} IN ${HUNTED_SQL} OR ${premiumSql(typeColumn, priceColumn, minPriceSql)})`;
}

import { matchesSearch } from '../text/search.ts';
import { HUNTED_TYPES, LISTING_TYPES, normalizeListingType } from './listing-types.ts';
import type { WarehouseProduct } from '../reports/types.ts';

/** Product type choices; the default is the hunted set (lib/catalog/hunted.ts: new releases count too). */
export const WAREHOUSE_TYPE_FILTERS = [
  { value: 'hunted', label: 'Allocation + Limited + Barrel', types: HUNTED_TYPES },
  { value: 'allocation', label: 'Allocation only', types: ['Allocation'] },
  { value: 'limited', label: 'Limited only', types: ['Limited'] },
  { value: 'barrel', label: 'Barrel only', types: ['Barrel'] },
  { value: 'listed', label: 'Listed only (search)', types: ['Listed'] },
  { value: 'all', label: 'All types', types: LISTING_TYPES },
] as const;
export type WarehouseTypeFilter = (typeof WAREHOUSE_TYPE_FILTERS)[number]['value'];
export const DEFAULT_WAREHOUSE_TYPE_FILTER: WarehouseTypeFilter = 'hunted';

/** Listed products come from the server only as the matches of a search this long (the server's rule). */
export const MIN_LISTED_SEARCH = 2;

/** Whether the type filter shows Listed products. */
export function showsListed(type: WarehouseTypeFilter): boolean {
  return (WAREHOUSE_TYPE_FILTERS.find((t) => t.value === type)?.types as readonly string[] | undefined)?.includes('Listed') ?? false;
}

/** One warehouse call: the `listingTypes` and `search` query values ('' search: none). */
export interface WarehouseRequest {
  listingTypes: string;
  search: string;
}

/**
 * What the screen asks the server for. Every filter without Listed asks for the hunted set (the server's
 * default) without a search, so they share one answer and one cache entry and are searched here. Listed
 * (~3,000 everyday products) comes only as the server's search matches: with a search of 2+ characters
 * "Listed only" asks for Listed and "All types" for all; with a shorter one "All types" shows the hunted set
 * and "Listed only" has nothing to ask (null).
 */
export function warehouseRequest(type: WarehouseTypeFilter, search: string): WarehouseRequest | null {
  const hunted = { listingTypes: HUNTED_TYPES.join(','), search: '' };
  if (!showsListed(type)) return hunted;
  const term = search.trim();
  const types: readonly string[] = WAREHOUSE_TYPE_FILTERS.find((t) => t.value === type)?.types ?? [];
  if (term.length >= MIN_LISTED_SEARCH) {
    return { listingTypes: LISTING_TYPES.every((t) => types.includes(t)) ? 'all' : LISTING_TYPES.filter((t) => types.includes(t)).join(','), search: term };
  }
  return types.some((t) => t !== 'Listed') ? hunted : null;
}

export interface WarehouseFilters {
  type: WarehouseTypeFilter;
  hideZeroActivity: boolean;
  search: string;
}

export const DEFAULT_WAREHOUSE_FILTERS: WarehouseFilters = {
  type: DEFAULT_WAREHOUSE_TYPE_FILTER,
  hideZeroActivity: true,
  search: '',
};

/** No bottles at the warehouse at any point in the period: current, peak and low are all zero (or missing). */
/** No bottles at any point of the period (a level that is not known counts as none). */
export function hasZeroActivity(p: { current_inventory: number | null; peak_inventory: number | null; low_inventory: number | null }): boolean {
  return !(p.current_inventory || p.peak_inventory || p.low_inventory);
}

export function productCode(p: Pick<WarehouseProduct, 'plu' | 'nc_code'>): string {
  return p.plu || p.nc_code || '';
}

export function filterWarehouse(products: readonly WarehouseProduct[], f: WarehouseFilters): WarehouseProduct[] {
  const allowed = new Set<string>(WAREHOUSE_TYPE_FILTERS.find((t) => t.value === f.type)?.types ?? []);
  return products.filter(
    (p) =>
      allowed.has(normalizeListingType(p.listing_type)) &&
      !(f.hideZeroActivity && hasZeroActivity(p)) &&
      matchesSearch(f.search, p.product_name, productCode(p)),
  );
}

/** Cases on hand, rounded down (a partial case is still bottles, but not a case); null when unknown. */
export function casesOnHand(bottles: number | null, bottlesPerCase: number | null): number | null {
  if (bottles === null || !bottlesPerCase || bottlesPerCase <= 0) return null;
  return Math.floor(bottles / bottlesPerCase);
}

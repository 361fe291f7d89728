import { HUNTED_TYPES, LISTING_TYPES, matchesSearch, normalizeListingType } from './listing-types.ts';
import type { WarehouseProduct } from './types.ts';

/** Product type choices; the default is the hunted set (Unknown, i.e. new to the catalog, counts as hunted). */
export const WAREHOUSE_TYPE_FILTERS = [
  { value: 'hunted', label: 'Allocation + Limited + Barrel', types: ['Allocation', 'Limited', 'Barrel', 'Unknown'] },
  { value: 'allocation', label: 'Allocation only', types: ['Allocation'] },
  { value: 'limited', label: 'Limited only', types: ['Limited'] },
  { value: 'barrel', label: 'Barrel only', types: ['Barrel'] },
  { value: 'listed', label: 'Listed only', types: ['Listed'] },
  { value: 'all', label: 'All types', types: ['Allocation', 'Limited', 'Barrel', 'Listed', 'Unknown'] },
] as const;
export type WarehouseTypeFilter = (typeof WAREHOUSE_TYPE_FILTERS)[number]['value'];
export const DEFAULT_WAREHOUSE_TYPE_FILTER: WarehouseTypeFilter = 'hunted';

/**
 * The `listingTypes` the screen asks the server for, by the type filter: the hunted set (the server's
 * default) for every filter without Listed, so they share one answer and one cache entry; Listed only for
 * "Listed only"; all types for "All types". Listed is most of the catalog, so it is fetched only when shown.
 */
export function warehouseListingTypes(type: WarehouseTypeFilter): string {
  const types: readonly string[] = WAREHOUSE_TYPE_FILTERS.find((t) => t.value === type)?.types ?? HUNTED_TYPES;
  if (!types.includes('Listed')) return HUNTED_TYPES.join(',');
  if (LISTING_TYPES.every((t) => types.includes(t))) return 'all';
  return LISTING_TYPES.filter((t) => types.includes(t)).join(',');
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
export function hasZeroActivity(p: Pick<WarehouseProduct, 'current_inventory' | 'peak_inventory' | 'low_inventory'>): boolean {
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

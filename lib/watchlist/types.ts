import type { DefaultTypeKey, InterestType } from './rules.ts';

// The Watchlist calls' answers (spec sections 3 and 7), shared by the API and the screen. Prices are
// numbers (dollars) or null when the catalog has none.

/** GET /api/watchlist/default-products: one product of the default list. */
export interface DefaultProduct {
  plu: string;
  brand_name: string;
  /** The state's listing type: Allocation, Limited, Barrel, or Listed for Premium products. */
  listing_type: string;
  /** The default-list type the filters use. */
  listing_type_key: DefaultTypeKey;
  retail_price: number | null;
  size_ml: number | null;
  bottles_per_case: number | null;
}

/** GET /api/watchlist/user-preferences: one of the user's rows, of either interest type. */
export interface Preference {
  watch_id: number;
  plu: string;
  interest_type: InterestType;
}

/** GET /api/watchlist: the user's own items. Catalog facts come from the product when the PLU is known. */
export interface WatchItem {
  watch_id: number;
  plu: string;
  /** Set for custom items (products not in the catalog when they were added). */
  custom_name: string | null;
  /** The catalog name, or null while the PLU is not in the catalog. */
  brand_name: string | null;
  /** The price typed for a custom item, else the catalog's. */
  retail_price: number | null;
  bottles_per_case: number | null;
  size_ml: number | null;
  alcohol_type: string | null;
  active: boolean;
  interest_type: InterestType;
}

/** GET /api/watchlist/search/products: one catalog match. */
export interface SearchProduct {
  plu: string;
  brand_name: string;
  listing_type: string;
  retail_price: number | null;
  size_ml: number | null;
}

// The report API's answers as the screens read them (docs/api/reports.md).

export interface Arrival {
  history_id: number;
  bourbon_name: string;
  plu: string;
  price: number | string | null;
  listing_type: string;
  store_id: number;
  store_number: number;
  store_nickname: string;
  store_address: string;
  new_quantity: number;
  previous_quantity: number;
  delta: number;
  change_type: 'first' | 'increase';
  last_updated: string;
}

export interface ArrivalsResponse {
  success?: boolean;
  date: string;
  total_arrivals: number;
  arrivals: Arrival[];
  last_check: string | null;
  error?: string;
}

export interface AvailableDatesResponse {
  success?: boolean;
  allAvailableDates: string[];
  availableDate: string | null;
  error?: string;
}

export interface StoreStock {
  store_id: number;
  nickname: string;
  store_number: number;
  address: string;
  mixed_beverage: number | boolean;
  quantity: number;
  last_updated: string | null;
}

export interface AllocatedProduct {
  plu: string;
  product_name: string;
  Listing_Type: string;
  retail_price: number | null;
  size_ml: number | null;
  total_bottles: number;
  stores_with_stock: number;
  stores: StoreStock[];
}

export interface InventorySummary {
  totalProducts: number;
  totalBottles: number;
  uniqueStores: number;
  byListingType: Record<string, number>;
}

export interface SearchProduct {
  name: string;
  plu: string;
  retail_price: number | null;
  brand_name?: string | null;
}

export interface StoreRef {
  store_id: number;
  nickname: string;
  store_number: number;
  address: string;
  mixed_beverage: number | boolean;
}

export interface Delivery extends StoreRef {
  history_id: number;
  delivery_date: string;
  quantity: number;
}

export interface OtherDropStore extends StoreRef {
  received_products: string;
  received_plus: string;
}

export interface DeliveryAnalysis {
  product: { name: string; plu: string; bottles_per_case: number | null };
  dateRange: { startDate: string; endDate: string };
  shipmentInfo: { totalCases: number };
  summary: { totalCasesDelivered: number; uniqueStores: number };
  deliveries: Delivery[];
  storesWithOtherDrops: OtherDropStore[];
}

export interface WarehouseProduct {
  product_name: string;
  plu?: string | null;
  nc_code?: string | null;
  listing_type: string;
  retail_price: number | null;
  bottles_per_case: number | null;
  current_inventory: number | null;
  peak_inventory: number | null;
  peak_inventory_date: string | null;
  low_inventory: number | null;
  low_inventory_date: string | null;
  image_url: string | null;
  image_path: string | null;
}

export interface WarehouseMeta {
  file_modified: string;
  timePeriod: string;
  startDate: string;
  endDate: string;
  /** The listing types the answer covers (older cached answers lack it). */
  listingTypes?: string[];
  /** The server-side search ('' for none; older cached answers lack it). */
  search?: string;
  count: number;
  /** Listed products matching the search (null when Listed was not asked for); at most listedLimit are answered. */
  listedMatches?: number | null;
  listedLimit?: number;
}

export interface Store {
  store_id: number;
  store_number: number;
  nickname: string;
  address: string;
  city?: string | null;
  region: string | null;
  phone?: string | null;
  hours?: string | null;
  mixed_beverage: number | boolean;
  delivery_day: string | null;
  delivery_interval_days: number | null;
  last_delivery_date: string | null;
}

export interface StoreItem {
  brand_name: string | null;
  product_name: string | null;
  Listing_Type: string;
  nc_code: string;
  retail_price: number | null;
  bottles_per_case: number | null;
  size_ml: number | null;
  quantity: number;
  images?: { image_url: string | null; image_path: string | null } | null;
}

export interface HistoryItem {
  history_id: number;
  product_name: string;
  listing_type: string;
  retail_price: number | null;
  nc_code: string;
  change_type: string;
  delta: number;
  quantity: number;
}

export interface HistoryDay {
  date: string;
  formatted_date: string;
  day_of_week: string;
  item_count: number;
  /** Listed (everyday) products restocked that day, not in items (older answers lack it). */
  other_count?: number;
  items: HistoryItem[];
}

export interface StoreHistory {
  summary: { totalChanges: number; uniqueProducts: number; totalInventoryAdded: number; daysWithChanges: number };
  changes: HistoryDay[];
}

export interface Board {
  board_id: number;
  board_name_clean: string;
}

export interface Shipment {
  brand_name: string;
  nc_code: string;
  Listing_Type: string;
  retail_price: number | null;
  bottles_per_case: number | null;
  board_name_clean: string;
  board_id: number;
  ship_date: string;
  ship_date_formatted: string;
  cases: number;
}

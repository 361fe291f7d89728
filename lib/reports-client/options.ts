// The fixed choices of the report screens (spec section 9), with the labels people see.

/** Delivery analysis: 0 = this week (Monday through today); n = this week plus the n weeks before it. */
export const WEEKS_BACK_VALUES = [0, 1, 2, 3, 4] as const;
export type WeeksBack = (typeof WEEKS_BACK_VALUES)[number];

export function weeksBackLabel(weeksBack: number): string {
  if (weeksBack <= 0) return 'This week (Mon–today)';
  return `Last ${weeksBack + 1} weeks`;
}

export function isWeeksBack(value: unknown): value is WeeksBack {
  return typeof value === 'number' && (WEEKS_BACK_VALUES as readonly number[]).includes(value);
}

export const WAREHOUSE_PERIODS = [
  { value: 'current_month', label: 'This month' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'last_90_days', label: 'Last 90 days' },
] as const;
export type WarehousePeriod = (typeof WAREHOUSE_PERIODS)[number]['value'];
export const DEFAULT_WAREHOUSE_PERIOD: WarehousePeriod = 'last_30_days';

export const HISTORY_DAYS = [30, 60, 90] as const;
export type HistoryDays = (typeof HISTORY_DAYS)[number];
export const DEFAULT_HISTORY_DAYS: HistoryDays = 30;

export const SHIPMENT_DATE_RANGES = [
  { value: 'current-month', label: 'This month' },
  { value: 'last-16-days', label: 'Last 16 days' },
  { value: 'last-24-days', label: 'Last 24 days' },
] as const;
export type ShipmentDateRange = (typeof SHIPMENT_DATE_RANGES)[number]['value'];
export const DEFAULT_SHIPMENT_DATE_RANGE: ShipmentDateRange = 'last-16-days';

export const SHIPMENT_PRODUCT_TYPES = [
  { value: 'all-allocation-limited-barrel', label: 'Allocation + Limited + Barrel' },
  { value: 'allocation', label: 'Allocation only' },
  { value: 'limited', label: 'Limited only' },
  { value: 'barrel', label: 'Barrel only' },
] as const;
export type ShipmentProductType = (typeof SHIPMENT_PRODUCT_TYPES)[number]['value'];

export const SHIPMENT_VIEWS = [
  { value: 'product', label: 'By product' },
  { value: 'date', label: 'By date' },
  { value: 'board', label: 'By board' },
] as const;
export type ShipmentView = (typeof SHIPMENT_VIEWS)[number]['value'];

export const DELIVERY_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Random'] as const;

/** Delivery analysis: the estimate of stores without deliveries when their list cannot be loaded. */
export const WAKE_RETAIL_STORES_ESTIMATE = 26;
/** Arrivals: how many recent dates the empty state suggests. */
export const RECENT_DATES_SHOWN = 5;
/** Delivery analysis: product search rules. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;

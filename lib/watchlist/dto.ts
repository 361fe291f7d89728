import type { InterestType } from './rules.ts';
import type { WatchItem } from './types.ts';

// Rows as the API shows them (spec field names).

/** A numeric(10,2) column as dollars. */
export const money = (value: { toNumber(): number } | null): number | null => (value === null ? null : value.toNumber());

export interface WatchRow {
  id: number;
  plu: string;
  customName: string | null;
  retailPrice: { toNumber(): number } | null;
  bottlesPerCase: number | null;
  interestType: InterestType;
  active: boolean;
}

export interface CatalogFacts {
  name: string;
  retailPrice: { toNumber(): number } | null;
  sizeMl: number | null;
  bottlesPerCase: number | null;
  alcoholType: string | null;
}

/** What the user typed for a custom item wins; the catalog fills in the rest once it knows the PLU. */
export function toWatchItem(row: WatchRow, product: CatalogFacts | null | undefined): WatchItem {
  return {
    watch_id: row.id,
    plu: row.plu,
    custom_name: row.customName,
    brand_name: product?.name ?? null,
    retail_price: money(row.retailPrice) ?? money(product?.retailPrice ?? null),
    bottles_per_case: row.bottlesPerCase ?? product?.bottlesPerCase ?? null,
    size_ml: product?.sizeMl ?? null,
    alcohol_type: product?.alcoholType ?? null,
    active: row.active,
    interest_type: row.interestType,
  };
}

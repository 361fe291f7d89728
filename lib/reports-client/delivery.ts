import { casesPerDelivery } from './cases.ts';
import { WAKE_RETAIL_STORES_ESTIMATE } from './options.ts';
import type { DeliveryAnalysis } from '../reports/types.ts';

/** Store ids for the stores-without-deliveries call. */
export function listedStoreIds(analysis: Pick<DeliveryAnalysis, 'deliveries' | 'storesWithOtherDrops'>) {
  return {
    deliveredStoreIds: [...new Set(analysis.deliveries.map((d) => d.store_id))],
    otherDropStoreIds: [...new Set((analysis.storesWithOtherDrops ?? []).map((s) => s.store_id))],
  };
}

/**
 * The fallback when the list cannot be loaded: 26 stores (Wake; another board: its retail stores, `base`) minus
 * the stores already listed (never below 0).
 */
export function estimateStoresWithoutDeliveries(
  analysis: Pick<DeliveryAnalysis, 'deliveries' | 'storesWithOtherDrops'>,
  base: number = WAKE_RETAIL_STORES_ESTIMATE,
): number {
  const ids = listedStoreIds(analysis);
  return Math.max(0, base - ids.deliveredStoreIds.length - ids.otherDropStoreIds.length);
}

/** Deliveries with their cases, as the table shows them. */
export function deliveriesWithCases(analysis: Pick<DeliveryAnalysis, 'deliveries' | 'product'>) {
  return analysis.deliveries.map((d) => ({ ...d, cases: casesPerDelivery(d.quantity, analysis.product.bottles_per_case) }));
}

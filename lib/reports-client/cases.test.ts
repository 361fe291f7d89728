import { describe, expect, it } from 'vitest';
import { casesPerDelivery } from './cases.ts';
import { estimateStoresWithoutDeliveries, deliveriesWithCases, listedStoreIds } from './delivery.ts';
import type { Delivery, OtherDropStore } from '../reports/types.ts';

describe('casesPerDelivery', () => {
  it('divides by bottles per case and rounds up', () => {
    expect(casesPerDelivery(12, 6)).toBe(2);
    expect(casesPerDelivery(13, 6)).toBe(3);
    expect(casesPerDelivery(6, 6)).toBe(1);
  });

  it('is at least 1 when any bottle arrived, 0 otherwise', () => {
    expect(casesPerDelivery(1, 12)).toBe(1);
    expect(casesPerDelivery(0, 6)).toBe(0);
    expect(casesPerDelivery(-3, 6)).toBe(0);
    expect(casesPerDelivery(Number.NaN, 6)).toBe(0);
  });

  it('counts a delivery as one case when the case size is unknown', () => {
    expect(casesPerDelivery(7, null)).toBe(1);
    expect(casesPerDelivery(7, 0)).toBe(1);
    expect(casesPerDelivery(0, null)).toBe(0);
  });
});

const store = (id: number) => ({ store_id: id, nickname: `S${id}`, store_number: id, address: '', mixed_beverage: 0 as const });
const delivery = (id: number, quantity: number): Delivery => ({ ...store(id), history_id: id * 10, delivery_date: '2026-05-04', quantity });
const other = (id: number): OtherDropStore => ({ ...store(id), received_products: 'A, B', received_plus: '11111, 22222' });

describe('delivery analysis helpers', () => {
  it('lists each store once for the stores-without-deliveries call', () => {
    const ids = listedStoreIds({ deliveries: [delivery(1, 6), delivery(1, 6), delivery(2, 3)], storesWithOtherDrops: [other(5)] });
    expect(ids).toEqual({ deliveredStoreIds: [1, 2], otherDropStoreIds: [5] });
  });

  it('estimates stores without deliveries as 26 minus the stores already listed', () => {
    expect(estimateStoresWithoutDeliveries({ deliveries: [delivery(1, 6), delivery(1, 2), delivery(2, 3)], storesWithOtherDrops: [other(3)] })).toBe(23);
    expect(estimateStoresWithoutDeliveries({ deliveries: [], storesWithOtherDrops: [] })).toBe(26);
    const many = Array.from({ length: 30 }, (_, i) => delivery(i + 1, 1));
    expect(estimateStoresWithoutDeliveries({ deliveries: many, storesWithOtherDrops: [] })).toBe(0);
  });

  it('adds cases to each delivery with the product case size', () => {
    const rows = deliveriesWithCases({ deliveries: [delivery(1, 13), delivery(2, 0)], product: { name: 'X', plu: '12345', bottles_per_case: 6 } });
    expect(rows.map((r) => r.cases)).toEqual([3, 0]);
  });
});

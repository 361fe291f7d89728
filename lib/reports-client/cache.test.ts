import { describe, expect, it } from 'vitest';
import {
  clearReportCaches,
  DELIVERY_ANALYSIS_TTL_MS,
  type EnumerableStore,
  deliveryAnalysisCacheKey,
  isFresh,
  legacyWarehouseCacheKey,
  readEntry,
  WAREHOUSE_TTL_MS,
  warehouseCacheKey,
  writeEntry,
  type KeyValueStore,
} from './cache.ts';
import { warehouseRequest } from './warehouse.ts';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe('report cache keys', () => {
  it('keys delivery analysis by product, weeks and the other-drops flag', () => {
    const keys = new Set([
      deliveryAnalysisCacheKey('12345', 0, false),
      deliveryAnalysisCacheKey('12345', 1, false),
      deliveryAnalysisCacheKey('12345', 0, true),
      deliveryAnalysisCacheKey('54321', 0, false),
    ]);
    expect(keys.size).toBe(4);
    expect(deliveryAnalysisCacheKey('12345', 2, true)).toBe(deliveryAnalysisCacheKey('12345', 2, true));
  });

  it('keys delivery analysis by board too (Wake when none is named)', () => {
    expect(deliveryAnalysisCacheKey('12345', 2, true)).toBe(deliveryAnalysisCacheKey('12345', 2, true, 179));
    expect(deliveryAnalysisCacheKey('12345', 2, true, 78)).not.toBe(deliveryAnalysisCacheKey('12345', 2, true, 179));
    expect(deliveryAnalysisCacheKey('12345', 2, true, 78)).not.toBe(deliveryAnalysisCacheKey('12345', 2, true, 58));
    expect(deliveryAnalysisCacheKey('12345', 2, true, 78).startsWith('nbt:')).toBe(true); // cleared at logout
  });

  it('keys warehouse inventory by time period and requested type set', () => {
    const hunted = warehouseRequest('hunted', '')!.listingTypes;
    const keys = new Set(
      ['last_30_days', 'last_90_days', 'current_month'].flatMap((period) =>
        (['Allocation,Limited,Barrel,Unknown', 'Allocation', 'Barrel'] as const).map((types) => warehouseCacheKey(period, types)),
      ),
    );
    expect(keys.size).toBe(9);
    // Filters without Listed share the hunted answer, so they share its entry (Listed answers are searches,
    // which the screen does not keep).
    for (const f of ['allocation', 'limited', 'barrel', 'all'] as const) {
      expect(warehouseCacheKey('last_30_days', warehouseRequest(f, '')!.listingTypes)).toBe(warehouseCacheKey('last_30_days', hunted));
    }
    // The v1 entries held every type under the period alone; they are never read as v2 entries.
    expect(keys.has(legacyWarehouseCacheKey('last_30_days'))).toBe(false);
    expect(legacyWarehouseCacheKey('last_30_days')).toBe('nbt:warehouse-inventory:v1:last_30_days');
  });

  it('uses 30 minutes for delivery analysis and 4 hours for the warehouse', () => {
    expect(DELIVERY_ANALYSIS_TTL_MS).toBe(1_800_000);
    expect(WAREHOUSE_TTL_MS).toBe(14_400_000);
  });
});

describe('cache entries', () => {
  const t0 = 1_750_000_000_000;

  it('is fresh until the TTL has passed', () => {
    expect(isFresh(t0, DELIVERY_ANALYSIS_TTL_MS, t0)).toBe(true);
    expect(isFresh(t0, DELIVERY_ANALYSIS_TTL_MS, t0 + DELIVERY_ANALYSIS_TTL_MS - 1)).toBe(true);
    expect(isFresh(t0, DELIVERY_ANALYSIS_TTL_MS, t0 + DELIVERY_ANALYSIS_TTL_MS)).toBe(false);
    expect(isFresh(t0 + 60_000, DELIVERY_ANALYSIS_TTL_MS, t0)).toBe(false); // saved "in the future": clock changed
  });

  it('reads back what was written while fresh, and drops it once expired', () => {
    const store = memoryStore();
    const key = warehouseCacheKey('last_30_days', warehouseRequest('hunted', '')!.listingTypes);
    expect(writeEntry(store, key, { etag: 'v1', rows: [1, 2] }, t0)).toBe(true);
    expect(readEntry(store, key, WAREHOUSE_TTL_MS, t0 + 1000)).toEqual({ savedAt: t0, value: { etag: 'v1', rows: [1, 2] } });
    expect(readEntry(store, key, WAREHOUSE_TTL_MS, t0 + WAREHOUSE_TTL_MS)).toBeNull();
    expect(store.map.has(key)).toBe(false);
  });

  it('drops unreadable entries and survives a storage that throws', () => {
    const store = memoryStore();
    store.setItem('k', '{not json');
    expect(readEntry(store, 'k', 1000, t0)).toBeNull();
    expect(store.map.has('k')).toBe(false);
    store.setItem('k', JSON.stringify({ value: 1 }));
    expect(readEntry(store, 'k', 1000, t0)).toBeNull();

    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(readEntry(broken, 'k', 1000, t0)).toBeNull();
    expect(writeEntry(broken, 'k', 1, t0)).toBe(false);
  });
});

describe('clearReportCaches (logout)', () => {
  it('removes every report entry, and only those', () => {
    const map = new Map<string, string>();
    const store: EnumerableStore = {
      get length() {
        return map.size;
      },
      key: (i) => [...map.keys()][i] ?? null,
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
    writeEntry(store, deliveryAnalysisCacheKey('12345', 2, true), { a: 1 }, 0);
    writeEntry(store, warehouseCacheKey('last_30_days', 'Allocation,Limited'), { b: 2 }, 0);
    writeEntry(store, legacyWarehouseCacheKey('current_month'), { c: 3 }, 0);
    map.set('theme', 'dark');
    expect(clearReportCaches(store)).toBe(3);
    expect([...map.keys()]).toEqual(['theme']);
  });

  it('does not throw when the storage does', () => {
    const broken = { get length(): number { throw new Error('denied'); }, key: () => null, getItem: () => null, setItem: () => {}, removeItem: () => {} };
    expect(clearReportCaches(broken)).toBe(0);
  });
});

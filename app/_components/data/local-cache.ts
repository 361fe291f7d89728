'use client';

import { clearReportCaches, readEntry, writeEntry, type CacheEntry, type EnumerableStore } from '@/lib/reports-client/cache';

// lib/reports-client/cache.ts bound to the browser's localStorage. Private browsing, a full storage or
// a disabled one simply means no cache.

function storage(): EnumerableStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readCache<T>(key: string, ttlMs: number): CacheEntry<T> | null {
  const store = storage();
  return store ? readEntry<T>(store, key, ttlMs, Date.now()) : null;
}

export function writeCache<T>(key: string, value: T): void {
  const store = storage();
  if (store) writeEntry(store, key, value, Date.now());
}

export function removeCache(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage unavailable
  }
}

/** Every report screen's entry (delivery analysis, warehouse): logout calls it. */
export function clearAllCaches(): void {
  const store = storage();
  if (store) clearReportCaches(store);
}

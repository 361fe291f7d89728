// Local (browser) caching rules for the report screens. Pure: the storage is passed in, so the rules
// are tested without a browser; app/_components/data/local-cache.ts binds them to localStorage.
import { WAKE_BOARD_ID } from '../reference/boards.ts';

export const DELIVERY_ANALYSIS_TTL_MS = 30 * 60 * 1000;
export const WAREHOUSE_TTL_MS = 4 * 60 * 60 * 1000;

export interface CacheEntry<T> {
  savedAt: number;
  value: T;
}

/** The minimal part of the Web Storage API the cache needs. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Every entry the report screens keep starts with this (and nothing else of ours does). */
export const REPORT_CACHE_PREFIX = 'nbt:';

/** The part of the Web Storage API that lists keys. */
export interface EnumerableStore extends KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
}

/**
 * Removes every report cache entry (logout: the next person at this browser must not be shown, or be
 * served from, what the last one looked at). Returns how many were removed.
 */
export function clearReportCaches(store: EnumerableStore): number {
  const keys: string[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(REPORT_CACHE_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // storage unavailable: nothing we can clear
  }
  return keys.length;
}

/** One entry per board, product, period and other-drops flag. */
export function deliveryAnalysisCacheKey(plu: string, weeksBack: number, includeOtherDrops: boolean, boardId: number = WAKE_BOARD_ID): string {
  return `nbt:delivery-analysis:v2:${boardId}:${plu}:${weeksBack}:${includeOtherDrops ? 'with-other-drops' : 'deliveries-only'}`;
}

/** One entry per period and requested type set (`listingTypes` as sent: the answers differ by both). */
export function warehouseCacheKey(timePeriod: string, listingTypes: string): string {
  return `nbt:warehouse-inventory:v2:${timePeriod}:${listingTypes}`;
}

/** The v1 entry of a period (every type, ~1 MB): replaced by the v2 entries, so it is removed. */
export function legacyWarehouseCacheKey(timePeriod: string): string {
  return `nbt:warehouse-inventory:v1:${timePeriod}`;
}

export function isFresh(savedAt: number, ttlMs: number, now: number): boolean {
  return Number.isFinite(savedAt) && savedAt <= now && now - savedAt < ttlMs;
}

/** The stored value when present, well-formed and younger than ttlMs; an expired or broken entry is removed. */
export function readEntry<T>(store: KeyValueStore, key: string, ttlMs: number, now: number): CacheEntry<T> | null {
  let raw: string | null;
  try {
    raw = store.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const entry = JSON.parse(raw) as CacheEntry<T>;
    if (entry && typeof entry.savedAt === 'number' && 'value' in entry && isFresh(entry.savedAt, ttlMs, now)) return entry;
  } catch {
    // fall through: unreadable entries are dropped
  }
  try {
    store.removeItem(key);
  } catch {
    // storage unavailable
  }
  return null;
}

/** Saves a value; a full or unavailable storage is not an error (the screen simply fetches again). */
export function writeEntry<T>(store: KeyValueStore, key: string, value: T, now: number): boolean {
  try {
    store.setItem(key, JSON.stringify({ savedAt: now, value } satisfies CacheEntry<T>));
    return true;
  } catch {
    return false;
  }
}

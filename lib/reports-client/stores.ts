import { matchesWords, searchWords } from '../text/search.ts';
import type { Store } from '../reports/types.ts';

/** The delivery interval in weeks: "Every week", "Every 2 weeks"; unknown when not learned yet. */
export function deliveryIntervalLabel(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days) || days <= 0) return 'Not known yet';
  const weeks = Math.max(1, Math.round(days / 7));
  return weeks === 1 ? 'Every week' : `Every ${weeks} weeks`;
}

export function deliveryDayLabel(day: string | null | undefined): string {
  if (!day) return 'Not known yet';
  return day === 'Random' ? 'Random (no fixed day)' : day;
}

export const isMixedBeverage = (store: Pick<Store, 'mixed_beverage'>) => store.mixed_beverage === 1;

export interface StoreFilters {
  region: string; // '' = any
  deliveryDay: string; // '' = any
  mixedBeverage: '' | 'yes' | 'no';
  search: string;
}

export const NO_STORE_FILTERS: StoreFilters = { region: '', deliveryDay: '', mixedBeverage: '', search: '' };

export function filterStores(stores: readonly Store[], f: StoreFilters): Store[] {
  const words = searchWords(f.search);
  return stores.filter((s) => {
    if (f.region && s.region !== f.region) return false;
    if (f.deliveryDay && s.delivery_day !== f.deliveryDay) return false;
    if (f.mixedBeverage === 'yes' && !isMixedBeverage(s)) return false;
    if (f.mixedBeverage === 'no' && isMixedBeverage(s)) return false;
    // The search rule of every search box (lib/text/search.ts): each word, in any order, in one of the fields.
    return matchesWords(words, { texts: [s.nickname, s.address, s.city, s.region, `#${s.store_number}`, String(s.store_number)] });
  });
}

/** Distinct regions, alphabetically. */
export function regionsOf(stores: readonly Store[]): string[] {
  return [...new Set(stores.map((s) => s.region).filter((r): r is string => Boolean(r)))].sort((a, b) => a.localeCompare(b));
}

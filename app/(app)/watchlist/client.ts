'use client';

import { apiFetch, type ApiResult } from '../../_components/api';
import type { DefaultProduct, Preference, SearchProduct, WatchItem } from '@/lib/watchlist/types';

// The Watchlist calls of spec section 7, typed: the loads as calls, the writes (sent with the form kit's
// useSubmit) as paths and answers. Each returns the raw result; the screen decides what to say.

type Failure = { error?: string };

export interface AddAnswer {
  success?: boolean;
  watchId?: number;
  data?: WatchItem;
  message?: string;
  error?: string;
}

export type ItemAnswer = { success?: boolean; data?: WatchItem } & Failure;
export type SearchAnswer = { data?: SearchProduct[] } & Failure;

export const watchlistPaths = {
  /** GET the user's items, POST one (an item, or a default product switched off). */
  items: '/api/watchlist',
  /** PATCH { active }, DELETE. */
  item: (watchId: number) => `/api/watchlist/${watchId}`,
  search: (q: string) => `/api/watchlist/search/products?q=${encodeURIComponent(q)}`,
};

export const watchlistApi = {
  defaultProducts: () => apiFetch<{ data?: DefaultProduct[] } & Failure>('/api/watchlist/default-products'),
  preferences: () => apiFetch<{ data?: Preference[] } & Failure>('/api/watchlist/user-preferences'),
  items: () => apiFetch<{ data?: WatchItem[] } & Failure>(watchlistPaths.items),
};

/**
 * The spec's error text, followed by the server's reason when it refused the request (4xx): that reason
 * is what the user can act on ("already on your watchlist", "use the search"). A 5xx adds nothing.
 */
export function failureText(base: string, res?: ApiResult<Failure>): string {
  const detail = res && res.status >= 400 && res.status < 500 ? res.data.error : undefined;
  return detail ? `${base}: ${detail}` : base;
}

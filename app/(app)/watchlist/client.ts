'use client';

import { apiFetch, type ApiResult } from '../../_components/api';
import type { DefaultProduct, Preference, SearchProduct, WatchItem } from '@/lib/watchlist/types';

// The Watchlist calls of spec section 7, typed. Each returns the raw result; the screen decides what to say.

export interface AddAnswer {
  success?: boolean;
  watchId?: number;
  data?: WatchItem;
  message?: string;
  error?: string;
}

type Failure = { error?: string };

export const watchlistApi = {
  defaultProducts: () => apiFetch<{ data?: DefaultProduct[] } & Failure>('/api/watchlist/default-products'),
  preferences: () => apiFetch<{ data?: Preference[] } & Failure>('/api/watchlist/user-preferences'),
  items: () => apiFetch<{ data?: WatchItem[] } & Failure>('/api/watchlist'),
  search: (q: string, signal?: AbortSignal) =>
    apiFetch<{ data?: SearchProduct[] } & Failure>(`/api/watchlist/search/products?q=${encodeURIComponent(q)}`, { signal }),
  add: (body: Record<string, unknown>) => apiFetch<AddAnswer>('/api/watchlist', { method: 'POST', body }),
  setActive: (watchId: number, active: boolean) =>
    apiFetch<{ success?: boolean; data?: WatchItem } & Failure>(`/api/watchlist/${watchId}`, { method: 'PATCH', body: { active } }),
  remove: (watchId: number) => apiFetch<{ success?: boolean } & Failure>(`/api/watchlist/${watchId}`, { method: 'DELETE' }),
};

/**
 * The spec's error text, followed by the server's reason when it refused the request (4xx): that reason
 * is what the user can act on ("already on your watchlist", "use the search"). A 5xx adds nothing.
 */
export function failureText(base: string, res?: ApiResult<Failure>): string {
  const detail = res && res.status >= 400 && res.status < 500 ? res.data.error : undefined;
  return detail ? `${base}: ${detail}` : base;
}

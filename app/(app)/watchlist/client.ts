'use client';

import { errorText } from '../../_components/api';
import type { Refused } from '../../_components/data/refusal';

// The Watchlist calls of spec section 7: their paths (read with getJson, written with the form kit's useSubmit;
// the answers are typed in lib/watchlist/types.ts), and the words for a refusal.

export const watchlistPaths = {
  defaultProducts: '/api/watchlist/default-products',
  preferences: '/api/watchlist/user-preferences',
  /** GET the user's items, POST one (an item, or a default product switched off). */
  items: '/api/watchlist',
  /** PATCH { active }, DELETE. */
  item: (watchId: number) => `/api/watchlist/${watchId}`,
  search: (q: string) => `/api/watchlist/search/products?q=${encodeURIComponent(q)}`,
};

/**
 * The spec's error text, followed by the server's reason when it refused the request (4xx): that reason
 * is what the user can act on ("already on your watchlist", "use the search"). A 5xx adds nothing.
 */
export function failureText(base: string, res: Refused): string {
  const detail = res.status >= 400 && res.status < 500 ? errorText(res.data) : undefined;
  return detail ? `${base}: ${detail}` : base;
}

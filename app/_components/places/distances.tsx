'use client';

import type { NearbyStore, NearbyStores } from '@/lib/places/types';
import { milesWords } from '@/lib/places/rules';
import { getJson } from '../data/get-json';
import { useResource } from '../data/use-resource';

/** How far each store of the state is from the hunter's place. */
export interface Distances {
  /** "ZIP code 27513" or "your location". */
  from: string;
  of: (storeId: number) => NearbyStore | undefined;
}

/**
 * The hunter's distances to every store (GET /api/stores/nearby, kept per point on the server), for screens that add
 * distance to what they list (issue 39). Null until loaded, when the hunter has no place, or when it failed: a
 * distance is an extra, and its absence leaves the screen as it was.
 */
export function useDistances(): Distances | null {
  const { state } = useResource('stores-nearby', (signal) => getJson<NearbyStores>('/api/stores/nearby', '', signal));
  if (state.status !== 'ready' || !state.data.from) return null;
  const byId = new Map(state.data.stores.map((s) => [s.store_id, s]));
  const from = state.data.from;
  return { from: from.source === 'zip' ? `ZIP code ${from.zip}` : 'your location', of: (id) => byId.get(id) };
}

/** "9.0 mi", or "≈ 9.0 mi" when the store is placed at its ZIP code's centre. */
export function Miles({ store }: { store: NearbyStore | undefined }) {
  if (!store) return null;
  return (
    <span className="miles" data-testid="miles" title={store.approximate ? 'Approximate: the store is placed at its ZIP code’s centre' : undefined}>
      {store.approximate ? '≈ ' : ''}
      {milesWords(store.miles)}
    </span>
  );
}

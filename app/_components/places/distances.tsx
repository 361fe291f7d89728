'use client';

import { useMemo } from 'react';
import type { NearbyStores } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource } from '../data/use-resource';
import { distancesFrom, type Distances } from './distance-index';

export type { Distances } from './distance-index';

/**
 * The hunter's distances to every store (GET /api/stores/nearby, kept per point on the server), for screens that add
 * distance to what they list (issue 39). Null when the hunter has no place or when it failed: a distance is an extra,
 * and its absence leaves the screen as it was. Undefined while it loads, for a part that would otherwise change its
 * order once it came (the map's list keeps the server's drawing meanwhile); the rest treat it as null.
 */
export function useDistances(): Distances | null | undefined {
  const { state } = useResource('stores-nearby', (signal) => getJson<NearbyStores>('/api/stores/nearby', '', signal));
  // The same value until other distances are loaded, so a consumer's effects and memos keyed on it hold.
  const data = state.status === 'ready' ? state.data : null;
  const loading = state.status === 'loading' || state.status === 'idle';
  return useMemo(() => (data ? distancesFrom(data) : loading ? undefined : null), [data, loading]);
}

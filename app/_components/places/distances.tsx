'use client';

import { useMemo } from 'react';
import type { NearbyStores } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource } from '../data/use-resource';
import { distancesFrom, type Distances } from './distance-index';

export type { Distances } from './distance-index';

/**
 * The hunter's distances to every store (GET /api/stores/nearby, kept per point on the server), for screens that add
 * distance to what they list (issue 39). Null until loaded, when the hunter has no place, or when it failed: a
 * distance is an extra, and its absence leaves the screen as it was.
 */
export function useDistances(): Distances | null {
  const { state } = useResource('stores-nearby', (signal) => getJson<NearbyStores>('/api/stores/nearby', '', signal));
  // The same value until other distances are loaded, so a consumer's effects and memos keyed on it hold.
  const data = state.status === 'ready' ? state.data : null;
  return useMemo(() => (data ? distancesFrom(data) : null), [data]);
}

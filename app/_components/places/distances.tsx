'use client';

import { useMemo } from 'react';
import type { NearbyStore, NearbyStores } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource } from '../data/use-resource';

/** How far each store of the state is from the hunter's place. */
export interface Distances {
  /** "ZIP code 27513" or "your location". */
  from: string;
  of: (storeId: number) => NearbyStore | undefined;
  /** The board's nearest retail store (a board's shipments that name no store are as near as it), or undefined. */
  nearestOf: (boardId: number) => NearbyStore | undefined;
}

/**
 * The hunter's distances to every store (GET /api/stores/nearby, kept per point on the server), for screens that add
 * distance to what they list (issue 39). Null until loaded, when the hunter has no place, or when it failed: a
 * distance is an extra, and its absence leaves the screen as it was.
 */
export function useDistances(): Distances | null {
  const { state } = useResource('stores-nearby', (signal) => getJson<NearbyStores>('/api/stores/nearby', '', signal));
  // The same value until other distances are loaded, so a consumer's effects and memos keyed on it hold.
  const data = state.status === 'ready' ? state.data : null;
  return useMemo((): Distances | null => {
    if (!data?.from) return null;
    const byId = new Map(data.stores.map((s) => [s.store_id, s]));
    // Nearest first: a board's first store is its nearest.
    const byBoard = new Map<number, NearbyStore>();
    for (const s of data.stores) if (!byBoard.has(s.board_id)) byBoard.set(s.board_id, s);
    const from = data.from;
    return {
      from: from.source === 'zip' ? `ZIP code ${from.zip}` : 'your location',
      of: (id) => byId.get(id),
      nearestOf: (boardId) => byBoard.get(boardId),
    };
  }, [data]);
}

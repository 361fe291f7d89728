import type { NearbyStore, NearbyStores } from '@/lib/places/types';

// The hunter's distances as screens read them, from GET /api/stores/nearby's answer: built the same way in the browser
// (distances.tsx useDistances) and on the server (server-map.tsx), so a list drawn by either says the same miles.

/** How far each store of the state is from the hunter's place. */
export interface Distances {
  /** "ZIP code 27513" or "your location". */
  from: string;
  /** The hunter's place (coarse, about a kilometre), where the map marks it. */
  at: { latitude: number; longitude: number };
  of: (storeId: number) => NearbyStore | undefined;
  /** The board's nearest retail store (a board's shipments that name no store are as near as it), or undefined. */
  nearestOf: (boardId: number) => NearbyStore | undefined;
}

/** `items` nearest first by `away` (what has no distance last), keeping their order among equals. */
export function byNearest<T>(items: readonly T[], away: (item: T) => NearbyStore | undefined): T[] {
  const miles = (item: T) => away(item)?.miles ?? Infinity;
  return [...items].sort((a, b) => miles(a) - miles(b));
}

/** The answer's stores by id and each board's nearest; null when the hunter has no place. */
export function distancesFrom(data: NearbyStores): Distances | null {
  if (!data.from) return null;
  const byId = new Map(data.stores.map((s) => [s.store_id, s]));
  // Nearest first: a board's first store is its nearest.
  const byBoard = new Map<number, NearbyStore>();
  for (const s of data.stores) if (!byBoard.has(s.board_id)) byBoard.set(s.board_id, s);
  const from = data.from;
  return {
    from: from.source === 'zip' ? `ZIP code ${from.zip}` : 'your location',
    at: { latitude: from.latitude, longitude: from.longitude },
    of: (id) => byId.get(id),
    nearestOf: (boardId) => byBoard.get(boardId),
  };
}

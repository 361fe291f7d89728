import type { ForecastPlace } from '@/lib/forecast/types';
import type { NearbyStore } from '@/lib/places/types';
import type { Distances } from '../places/distances';

/** How far a forecast place is: its store, or for a place that is the board as a whole, the board's nearest store. */
export function placeAway(distances: Distances, place: ForecastPlace, boardId: number): NearbyStore | undefined {
  return place.store ? distances.of(place.store.store_id) : distances.nearestOf(boardId);
}

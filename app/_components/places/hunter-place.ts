'use client';

import { useEffect } from 'react';
import type { HunterPlaceAnswer } from '@/lib/places/types';
import { getJson } from '../data/get-json';
import { useResource } from '../data/use-resource';

// The hunter's place (GET /api/user/place) for parts of a screen that depend on it, told when the "Your place" card
// saves or removes it, so a choice made from it (a distance for alerts) never rests on a place that is gone.

const PLACE_CHANGED = 'nbt:hunter-place-changed';

/** Called by whatever saved or removed the hunter's place. */
export function announcePlaceChanged(): void {
  window.dispatchEvent(new Event(PLACE_CHANGED));
}

/** The hunter's place as loaded, reloaded whenever it changes. */
export function useHunterPlace(failed: string) {
  const resource = useResource('hunter-place', (signal) => getJson<HunterPlaceAnswer>('/api/user/place', failed, signal), failed);
  const { reload } = resource;
  useEffect(() => {
    window.addEventListener(PLACE_CHANGED, reload);
    return () => window.removeEventListener(PLACE_CHANGED, reload);
  }, [reload]);
  return resource;
}

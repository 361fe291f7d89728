import type { NearbyStore } from '@/lib/places/types';
import { awayWords } from '@/lib/places/rules';

// A store's distance as every screen shows it. Its own module, without the distances' loader, so a screen that only
// draws miles it was given (a forecast's places on a store page) carries no more than this.

/** "9.0 mi", or "≈ 9.0 mi" when the store is placed at its ZIP code's centre. */
export function Miles({ store }: { store: NearbyStore | undefined }) {
  if (!store) return null;
  return (
    <span className="miles" data-testid="miles" title={store.approximate ? 'Approximate: the store is placed at its ZIP code’s centre' : undefined}>
      {awayWords(store)}
    </span>
  );
}

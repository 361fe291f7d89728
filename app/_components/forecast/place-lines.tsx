import Link from 'next/link';
import { placeName, sentenceCase, whenWords } from '@/lib/reports-client/forecast';
import type { ForecastPlace } from '@/lib/forecast/types';
import type { NearbyStore } from '@/lib/places/types';
import { Miles } from '../places/miles';
import { Likelihood } from './places';

// A shipment's forecast places as lines (Incoming, Where is it now). Apart from Likelihood and RecordNote (places.tsx),
// so a screen that shows only a likelihood (a store's expected bottles) does not carry the lines.

/** A place as the screens get it; `why` (issue 37: "next in Wake's Allocation rotation") when the model says. */
export type PlaceWithWhy = ForecastPlace & { why?: string | null };

/**
 * The places a shipment is forecast to reach: store (or the board, in board words), likelihood, expected day or
 * outcome, and why the store is named when the model says. `boardStores`: the board's retail stores, for the
 * board words; `onlyStore`: a one-store board's place reads "this board's only store". `away` (issue 39, when the
 * hunter has a place): how far a place is, its store's distance, or for the board as a whole its nearest store's
 * ("nearest store 12 mi"); without it, no miles.
 */
export function PlaceLines({
  places,
  boardName,
  boardStores,
  onlyStore = false,
  away,
}: {
  places: PlaceWithWhy[];
  boardName: string;
  boardStores?: number;
  onlyStore?: boolean;
  away?: (place: ForecastPlace) => NearbyStore | undefined;
}) {
  return (
    <ul className="store-lines forecast-places">
      {places.map((p) => (
        <PlaceLine key={p.store?.store_id ?? 'board'} place={p} boardName={boardName} boardStores={boardStores} onlyStore={onlyStore} far={away?.(p)} />
      ))}
    </ul>
  );
}

/** One place of PlaceLines; `far`: the store its miles are of (the place's own, or its board's nearest). */
function PlaceLine({ place: p, boardName, boardStores, onlyStore, far }: { place: PlaceWithWhy; boardName: string; boardStores?: number; onlyStore: boolean; far?: NearbyStore }) {
  return (
    <li data-testid="forecast-place" data-outcome={p.outcome}>
      <div>
        {p.store ? (
          <Link href={`/stores/${p.store.store_id}`} className="store-link">
            {p.store.nickname} <span className="muted">#{p.store.store_number}</span>
          </Link>
        ) : (
          <span className="place-board" data-testid="board-words">
            {placeName(p, boardName, boardStores)}
          </span>
        )}
        {p.store && onlyStore && (
          <div className="small" data-testid="only-store">
            This board&apos;s only store
          </div>
        )}
        <div className="muted small">
          {far && (
            <>
              {p.store ? (
                <Miles store={far} />
              ) : (
                <span data-testid="board-nearest" title={`${far.nickname}, ${boardName}'s nearest store to you`}>
                  Nearest store <Miles store={far} />
                </span>
              )}
              {' · '}
            </>
          )}
          {whenWords(p)}
        </div>
        {p.why && (
          <div className="small place-why" data-testid="place-why">
            {sentenceCase(p.why)}
          </div>
        )}
      </div>
      <div className="store-line-figures">
        {p.outcome === 'arrived' ? <span className="badge badge-active">Arrived</span> : <Likelihood place={p} />}
      </div>
    </li>
  );
}


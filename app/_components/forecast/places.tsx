import Link from 'next/link';
import { likelihoodLabel, placeName, recordHref, sentenceCase, whenWords } from '@/lib/reports-client/forecast';
import type { BoardRecord, ForecastPlace } from '@/lib/forecast/types';

/** A place as the screens get it; `why` (issue 37: "next in Wake's Allocation rotation") when the model says. */
export type PlaceWithWhy = ForecastPlace & { why?: string | null };

/**
 * A forecast's likelihood, in words and in ten, coloured by band. A board-level place has none to show: the
 * bottles reach one of its stores, the state does not say which, so it says that instead.
 */
export function Likelihood({ place }: { place: ForecastPlace }) {
  if (!place.store) {
    return (
      <span className="badge badge-precision-board" data-testid="board-place">
        Store not named
      </span>
    );
  }
  return (
    <span className={`badge likelihood likelihood-${place.likelihood_words.replace(' ', '-')}`} data-testid="likelihood">
      {likelihoodLabel(place)}
    </span>
  );
}

/**
 * The places a shipment is forecast to reach: store (or the board, in board words), likelihood, expected day or
 * outcome, and why the store is named when the model says. `boardStores`: the board's retail stores, for the
 * board words; `onlyStore`: a one-store board's place reads "this board's only store".
 */
export function PlaceLines({ places, boardName, boardStores, onlyStore = false }: { places: PlaceWithWhy[]; boardName: string; boardStores?: number; onlyStore?: boolean }) {
  return (
    <ul className="store-lines forecast-places">
      {places.map((p) => (
        <li key={p.store?.store_id ?? 'board'} data-testid="forecast-place" data-outcome={p.outcome}>
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
            <div className="muted small">{whenWords(p)}</div>
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
      ))}
    </ul>
  );
}

/** Next to a board's forecasts: what its record says when it is not good, and the link to that record. */
export function RecordNote({ record }: { record: BoardRecord }) {
  return (
    <p className={record.verdict === 'poor' ? 'alert alert-warn small' : 'muted small'} data-testid="record-note" data-verdict={record.verdict}>
      {record.note ? `${record.note} ` : `${record.name}'s forecasts have been right most of the time. `}
      <Link href={recordHref(record.board_id)}>How often forecasts were right</Link>
    </p>
  );
}

import Link from 'next/link';
import { likelihoodLabel, placeName, recordHref, whenWords } from '@/lib/reports-client/forecast';
import type { BoardRecord, ForecastPlace } from '@/lib/reports/types';

/** A forecast's likelihood, in words and in ten, coloured by band. */
export function Likelihood({ place }: { place: ForecastPlace }) {
  return (
    <span className={`badge likelihood likelihood-${place.likelihood_words.replace(' ', '-')}`} data-testid="likelihood">
      {likelihoodLabel(place)}
    </span>
  );
}

/** The places a shipment is forecast to reach: store (or board), likelihood, expected day or outcome. */
export function PlaceLines({ places, boardName }: { places: ForecastPlace[]; boardName: string }) {
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
              <span className="store-link">{placeName(p, boardName)}</span>
            )}
            <div className="muted small">{whenWords(p)}</div>
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

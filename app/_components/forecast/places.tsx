import Link from 'next/link';
import { likelihoodLabel, recordHref } from '@/lib/reports-client/forecast';
import type { BoardRecord, ForecastPlace } from '@/lib/forecast/types';

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

/** Next to a board's forecasts: what its record says when it is not good, and the link to that record. */
export function RecordNote({ record }: { record: BoardRecord }) {
  return (
    <p className={record.verdict === 'poor' ? 'alert alert-warn small' : 'muted small'} data-testid="record-note" data-verdict={record.verdict}>
      {record.note ? `${record.note} ` : `${record.name}'s forecasts have been right most of the time. `}
      <Link href={recordHref(record.board_id)}>How often forecasts were right</Link>
    </p>
  );
}

import { BOARD_GROUP_LABELS } from '@/lib/reports-client/precision';
import { usDateTime } from '@/lib/reports-client/format';
import type { BoardRecord, ForecastRecord } from '@/lib/reports/types';

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
const hours = (h: number | null) => (h === null ? '—' : h >= 48 ? `${Math.round(h / 24)} days` : `${Math.round(h)} h`);

const VERDICTS: Record<BoardRecord['verdict'], { label: string; className: string }> = {
  good: { label: 'Mostly right', className: 'badge badge-active' },
  poor: { label: 'Often wrong', className: 'badge badge-disabled' },
  too_few: { label: 'Too few yet', className: 'badge badge-pending' },
  unscorable: { label: 'Cannot be checked', className: 'badge' },
};

/**
 * How often each board's forecasts were right (GET /api/incoming/record): the Incoming record screen and /admin.
 * Precision: of the stores named, how many got the bottle in their window. Recall: of the bottles that reached a
 * shelf, how many a forecast named at least 12 hours before. Lead: how long before.
 */
export function ForecastRecordTable({ record, headingLevel = 2 }: { record: ForecastRecord; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const groups = (['shelf', 'store_by_shipment', 'board'] as const).map((p) => ({ precision: p, boards: record.boards.filter((b) => b.precision === p) })).filter((g) => g.boards.length);
  return (
    <div className="stack" data-testid="forecast-record">
      {groups.map((g) => (
        <section key={g.precision} className="card stack-sm" aria-label={BOARD_GROUP_LABELS[g.precision]}>
          <Heading>{BOARD_GROUP_LABELS[g.precision]}</Heading>
          {g.precision === 'shelf' ? (
            g.boards.map((b) => <ShelfBoardRecord key={b.board_id} record={b} />)
          ) : (
            <>
              <p className="muted small">{g.boards[0].note}</p>
              <table className="record-table">
                <caption className="sr-only">Forecasts closed: {BOARD_GROUP_LABELS[g.precision]}</caption>
                <thead>
                  <tr>
                    <th scope="col">Board</th>
                    <th scope="col">Closed, 30 days</th>
                    <th scope="col">Closed, 90 days</th>
                  </tr>
                </thead>
                <tbody>
                  {g.boards.map((b) => (
                    <tr key={b.board_id} id={`board-${b.board_id}`} className="record-board">
                      <td>{b.name}</td>
                      <td>{b.periods[0].unscorable}</td>
                      <td>{b.periods[1].unscorable}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      ))}
      <p className="report-note small">Read {usDateTime(record.checked_at)}. A forecast closes when its window has passed.</p>
    </div>
  );
}

function ShelfBoardRecord({ record: b }: { record: BoardRecord }) {
  const verdict = VERDICTS[b.verdict];
  return (
    <div id={`board-${b.board_id}`} className="record-board stack-sm" data-testid="board-record" data-verdict={b.verdict}>
      <div className="row spread">
        <strong>{b.name}</strong>
        <span className={verdict.className}>{verdict.label}</span>
      </div>
      <table className="record-table">
        <caption className="sr-only">{b.name}: how often forecasts were right</caption>
        <thead>
          <tr>
            <th scope="col">Last</th>
            <th scope="col">Named stores that got it</th>
            <th scope="col">Arrivals forecast ahead</th>
            <th scope="col">Median lead</th>
          </tr>
        </thead>
        <tbody>
          {b.periods.map((p) => (
            <tr key={p.days}>
              <td>{p.days} days</td>
              <td>
                {pct(p.precision)} <span className="muted small">({p.named_arrived} of {p.named_closed})</span>
              </td>
              <td>
                {pct(p.recall)} <span className="muted small">({p.forecast_ahead} of {p.arrivals})</span>
              </td>
              <td>{hours(p.median_lead_hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {b.note && <p className={b.verdict === 'poor' ? 'alert alert-warn small' : 'muted small'}>{b.note}</p>}
    </div>
  );
}

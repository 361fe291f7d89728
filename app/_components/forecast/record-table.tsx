import dynamic from 'next/dynamic';
import { sentenceCase } from '@/lib/reports-client/forecast';
import { BOARD_GROUP_LABELS } from '@/lib/reports-client/precision';
import { usDateTime } from '@/lib/reports-client/format';
import type { BoardKindCalibration, BoardRecord, ForecastRecord } from '@/lib/forecast/types';

// The chart's code (visx and its d3 scales) comes in its own chunk; the server still renders its SVG.
const CalibrationChart = dynamic(() => import('./calibration-chart'));
/** Buckets with fewer forecasts are drawn hollow (calibration-chart.tsx; kept here so the chart's code stays in its chunk). */
const FEW_FORECASTS = 20;

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
      {record.calibration && <Calibration kinds={record.calibration} Heading={Heading} />}
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

const tenths = (x: number) => (Math.round(x * 100) / 10).toFixed(1);
/** The kinds whose forecasts cannot be checked, as a sentence names them. */
const UNCHECKED_WORDS = { shelf: 'boards whose shelves are read', store_by_shipment: 'one-store boards', board: 'boards the state names only as a whole' } as const;

/** Whether "8 in 10" came true about 8 times in 10, per kind of board: the chart, and its numbers in a table. */
function Calibration({ kinds, Heading }: { kinds: BoardKindCalibration[]; Heading: 'h2' | 'h3' }) {
  const checked = kinds.filter((k) => k.forecasts > 0);
  const unchecked = kinds.filter((k) => k.forecasts === 0);
  return (
    <section className="card stack-sm" aria-labelledby="calibration-heading" data-testid="calibration">
      <Heading id="calibration-heading">Does “8 in 10” come true 8 times in 10?</Heading>
      <p className="muted small">
        Each store a forecast listed, by the likelihood it stated when the shipment was forecast, against the share of those stores
        that got the bottle in their window (forecasts closed over the last 90 days). On the diagonal, the words mean what they say;
        below it, they promised too much. A hollow point stands for fewer than {FEW_FORECASTS} forecasts.
      </p>
      {checked.map((k) => (
        <div key={k.precision} className="calibration-kind" data-testid="calibration-kind" data-precision={k.precision}>
          <CalibrationChart buckets={k.buckets} titleId={`calibration-title-${k.precision}`} />
          <table className="record-table calibration-table">
            <caption id={`calibration-title-${k.precision}`}>
              {BOARD_GROUP_LABELS[k.precision]}: stated likelihood against what came true, in 10 ({k.forecasts.toLocaleString('en-US')} forecasts)
            </caption>
            <thead>
              <tr>
                <th scope="col">Stated</th>
                <th scope="col">Forecasts</th>
                <th scope="col">Mean stated</th>
                <th scope="col">Came true</th>
              </tr>
            </thead>
            <tbody>
              {k.buckets
                .filter((b) => b.forecasts > 0)
                .map((b) => (
                  <tr key={b.from}>
                    <th scope="row">
                      {Math.round(b.from * 10)}–{Math.round(b.to * 10)}
                    </th>
                    <td>{b.forecasts.toLocaleString('en-US')}</td>
                    <td>{tenths(b.mean_stated!)}</td>
                    <td>{tenths(b.came_true!)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      ))}
      {checked.length === 0 && <p className="muted small">No forecast has closed against a shelf yet.</p>}
      {unchecked.length > 0 && (
        <p className="muted small" data-testid="calibration-unchecked">
          {sentenceCase(unchecked.map((k) => UNCHECKED_WORDS[k.precision]).join(' and '))} are not drawn: no store shelf of theirs is read, so nothing
          tells whether a bottle reached a store.
        </p>
      )}
    </section>
  );
}

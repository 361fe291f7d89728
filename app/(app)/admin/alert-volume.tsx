'use client';

import { formatUsDate } from '@/lib/time';
import { apiFetch } from '../../_components/api';
import { useResource, type Loaded } from '../../_components/reports/use-resource';

interface AlertDay {
  date: string;
  sent: number;
  failed: number;
  suppressed: number;
}

interface AlertStats {
  days: AlertDay[];
  queue: { retrying: number; awaiting_digest: number; given_up: number };
  subscribers: number;
}

const DAYS = 7;

const LOAD_FAILED = 'Could not load the alert volume.';

/** An unreachable server throws, and useResource shows LOAD_FAILED. */
async function loadStats(signal: AbortSignal): Promise<Loaded<AlertStats>> {
  const res = await apiFetch<AlertStats>(`/api/alerts/stats?days=${DAYS}`, { signal });
  return res.ok && Array.isArray(res.data.days) ? { ok: true, data: res.data } : { ok: false, error: LOAD_FAILED };
}

/** Arrival alert volume of the last days (GET /api/alerts/stats): what went out, what failed, what the cap held back. */
export function AlertVolume() {
  const { state, reload } = useResource('alert-volume', loadStats, LOAD_FAILED);
  const busiest = state.status === 'ready' ? Math.max(1, ...state.data.days.map((d) => d.sent)) : 1;

  return (
    <section className="card stack alert-volume" aria-labelledby="alert-volume-heading" data-testid="alert-volume">
      <div className="row spread">
        <div>
          <h2 id="alert-volume-heading">Arrival alerts</h2>
          <p className="muted small">E-mails of the last {DAYS} days, New York dates. Suppressed: arrivals held back by the daily limit.</p>
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
          Refresh
        </button>
      </div>
      {state.status === 'loading' && <p className="muted">Loading alert volume…</p>}
      {state.status === 'error' && (
        <div className="alert alert-error row spread" role="alert">
          <span>{state.error}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
            Try Again
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <dl className="alert-volume-figures">
            <div>
              <dt>Subscribers</dt>
              <dd>{state.data.subscribers}</dd>
            </div>
            <div>
              <dt>Sent ({DAYS} days)</dt>
              <dd>{state.data.days.reduce((n, d) => n + d.sent, 0)}</dd>
            </div>
            <div>
              <dt>Waiting to retry</dt>
              <dd>{state.data.queue.retrying}</dd>
            </div>
            <div>
              <dt>Awaiting digest</dt>
              <dd>{state.data.queue.awaiting_digest}</dd>
            </div>
            <div>
              <dt>Given up</dt>
              <dd className={state.data.queue.given_up ? 'text-danger' : undefined}>{state.data.queue.given_up}</dd>
            </div>
          </dl>
          {/* A list rather than a table: the users table is the page's one table (and its column headers). */}
          <ol className="alert-days" aria-label="Alert e-mails per day">
            {state.data.days.map((d) => (
              <li key={d.date}>
                <span className="alert-day-date">{formatUsDate(d.date)}</span>
                <span className="alert-day-bar" aria-hidden="true">
                  <span style={{ width: `${(100 * d.sent) / busiest}%` }} />
                </span>
                <dl className="alert-day-figures">
                  <div>
                    <dt>Sent</dt>
                    <dd>{d.sent}</dd>
                  </div>
                  <div className={d.failed ? 'text-danger' : undefined}>
                    <dt>Failed</dt>
                    <dd>{d.failed}</dd>
                  </div>
                  <div>
                    <dt>Suppressed</dt>
                    <dd>{d.suppressed}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

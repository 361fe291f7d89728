'use client';

import type { AlertStats } from '@/lib/admin/types';
import { formatUsDate } from '@/lib/time';
import { callApi } from '../../_components/data/call';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource, type Loaded } from '../../_components/data/use-resource';

const DAYS = 7;

const LOAD_FAILED = 'Could not load the alert volume.';

/** Every failure, a refusal too, says LOAD_FAILED. */
async function loadStats(signal: AbortSignal): Promise<Loaded<AlertStats>> {
  const res = await callApi<AlertStats>(`/api/alerts/stats?days=${DAYS}`, { failed: LOAD_FAILED }, { signal });
  return res.ok && Array.isArray(res.data.days) ? { ok: true, data: res.data } : { ok: false, error: LOAD_FAILED };
}

function Volume({ stats }: { stats: AlertStats }) {
  const busiest = Math.max(1, ...stats.days.map((d) => d.sent));
  return (
    <>
      <dl className="alert-volume-figures">
        <div>
          <dt>Subscribers</dt>
          <dd>{stats.subscribers}</dd>
        </div>
        <div>
          <dt>Sent ({DAYS} days)</dt>
          <dd>{stats.days.reduce((n, d) => n + d.sent, 0)}</dd>
        </div>
        <div>
          <dt>Waiting to retry</dt>
          <dd>{stats.queue.retrying}</dd>
        </div>
        <div>
          <dt>Awaiting digest</dt>
          <dd>{stats.queue.awaiting_digest}</dd>
        </div>
        <div>
          <dt>Given up</dt>
          <dd className={stats.queue.given_up ? 'text-danger' : undefined}>{stats.queue.given_up}</dd>
        </div>
      </dl>
      {/* A list rather than a table: the users table is the page's one table (and its column headers). */}
      <ol className="alert-days" aria-label="Alert e-mails per day">
        {stats.days.map((d) => (
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
  );
}

/** Arrival alert volume of the last days (GET /api/alerts/stats): what went out, what failed, what the cap held back. */
export function AlertVolume() {
  const { state, reload } = useResource('alert-volume', loadStats, LOAD_FAILED);

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
      <ResourceView state={state} onRetry={reload} loading={<p className="muted">Loading alert volume…</p>}>
        {(stats) => <Volume stats={stats} />}
      </ResourceView>
    </section>
  );
}

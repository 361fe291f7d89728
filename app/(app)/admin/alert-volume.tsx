'use client';

import { useCallback, useEffect, useState } from 'react';
import { formatUsDate } from '@/lib/time';
import { apiFetch } from '../../_components/api';

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

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; stats: AlertStats };

const DAYS = 7;

async function fetchStats(): Promise<Load> {
  try {
    const res = await apiFetch<AlertStats & { success?: boolean }>(`/api/alerts/stats?days=${DAYS}`);
    return res.ok && Array.isArray(res.data.days) ? { kind: 'ready', stats: res.data } : { kind: 'error' };
  } catch {
    return { kind: 'error' };
  }
}

/** Arrival alert volume of the last days (GET /api/alerts/stats): what went out, what failed, what the cap held back. */
export function AlertVolume() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const reload = useCallback(() => fetchStats().then(setLoad), []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const busiest = load.kind === 'ready' ? Math.max(1, ...load.stats.days.map((d) => d.sent)) : 1;

  return (
    <section className="card stack alert-volume" aria-labelledby="alert-volume-heading" data-testid="alert-volume">
      <div className="row spread">
        <div>
          <h2 id="alert-volume-heading">Arrival alerts</h2>
          <p className="muted small">E-mails of the last {DAYS} days, New York dates. Suppressed: arrivals held back by the daily limit.</p>
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      {load.kind === 'loading' && <p className="muted">Loading alert volume…</p>}
      {load.kind === 'error' && (
        <div className="alert alert-error row spread" role="alert">
          <span>Could not load the alert volume.</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void reload()}>
            Try Again
          </button>
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <dl className="alert-volume-figures">
            <div>
              <dt>Subscribers</dt>
              <dd>{load.stats.subscribers}</dd>
            </div>
            <div>
              <dt>Sent ({DAYS} days)</dt>
              <dd>{load.stats.days.reduce((n, d) => n + d.sent, 0)}</dd>
            </div>
            <div>
              <dt>Waiting to retry</dt>
              <dd>{load.stats.queue.retrying}</dd>
            </div>
            <div>
              <dt>Awaiting digest</dt>
              <dd>{load.stats.queue.awaiting_digest}</dd>
            </div>
            <div>
              <dt>Given up</dt>
              <dd className={load.stats.queue.given_up ? 'text-danger' : undefined}>{load.stats.queue.given_up}</dd>
            </div>
          </dl>
          {/* A list rather than a table: the users table is the page's one table (and its column headers). */}
          <ol className="alert-days" aria-label="Alert e-mails per day">
            {load.stats.days.map((d) => (
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

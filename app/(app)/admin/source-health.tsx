'use client';

import { useState } from 'react';
import type { HealthReport, NewLocation, SourceHealthDetail } from '@/lib/ops/health';
import type { ScraperState } from '@/lib/ops/scraper-stall';
import type { DayNote } from '@/lib/reports/shipment-days';
import { num, usDateTime } from '@/lib/reports-client/format';
import { Banner, failure, success, useSubmit, type Message } from '../../_components/form';
import { callApi } from '../../_components/data/call';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource, type Loaded } from '../../_components/data/use-resource';

// Source health for staff (GET /api/health answers them with the error texts): how fresh each source's
// data is and what its latest run said.

const SOURCE_LABELS: Record<string, string> = {
  wake_inventory: 'Wake store inventory',
  wake_locator: 'Wake store locator',
  warehouse: 'Warehouse levels',
  shipments: 'Statewide shipments',
  price_list: 'Price list (daily)',
  allocated_list: 'Allocated and limited list (daily)',
  durham_inventory: 'Durham store inventory',
  greensboro_inventory: 'Greensboro store inventory',
  new_hanover_inventory: 'New Hanover store inventory',
};

const STATUS_CLASS: Record<string, string> = { ok: 'badge-active', partial: 'badge-pending', running: 'badge-pending', failed: 'badge-disabled' };

const LOAD_FAILED = 'Could not load the source health.';

/** The report, also when it answers 503 (the database is down: the report says so). */
async function loadHealth(signal: AbortSignal): Promise<Loaded<HealthReport>> {
  const { data } = await callApi<HealthReport>('/api/health', { failed: LOAD_FAILED }, { signal });
  return Array.isArray(data.scrapers) ? { ok: true, data: data as HealthReport } : { ok: false, error: LOAD_FAILED };
}

function age(minutes: number | null): string {
  if (minutes === null) return 'never';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
  return `${Math.floor(minutes / 1440)} days ago`;
}

/**
 * Store locations the board lists that no known store is (a store it opened after our reference data): an
 * admin adds one as a store, and its next poll is its baseline (lib/admin/stores.ts). The result goes to the
 * source line's banner: the reload after an add takes the location off this list.
 */
function NewLocations({ locations, report, onAdded }: { locations: NewLocation[]; report: (message: Message | null) => void; onAdded: () => void }) {
  const add = useSubmit<string>({ failed: '❌ Could not add the store.', network: '❌ Could not add the store. Check your connection and try again.', report });

  function addStore(location: NewLocation) {
    void add.run(async () => {
      const res = await add.send<{ success?: boolean; error?: string; store?: { store_number: number } }>('/api/admin/stores', {
        method: 'POST',
        body: { boardId: location.board_id, locationId: location.location_id },
      });
      if (!res.ok) return failure(res.data.error ? `❌ ${res.data.error}` : res.error);
      onAdded();
      return success(`✅ ${location.name} (${location.address}) was added as store #${res.data.store?.store_number}. Its next poll is its baseline.`);
    }, location.location_id);
  }

  return (
    <div className="stack new-locations">
      <p className="small">Locations the board lists that match no known store (their bottles are not followed until added):</p>
      <ul className="new-location-list">
        {locations.map((l) => (
          <li key={l.location_id} className="row spread" data-testid={`new-location-${l.location_id}`}>
            <span className="small">
              <strong>{l.name}</strong> — {l.address}, {l.city} <span className="muted">(location {l.location_id})</span>
            </span>
            <button type="button" className="btn btn-secondary btn-sm" disabled={add.busy} onClick={() => addStore(l)}>
              {add.isBusy(l.location_id) ? 'Adding…' : 'Add as a store'}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `extract`: today's shipments extract, on the shipments line (staff view). */
function SourceLine({ s, extract, onChanged }: { s: SourceHealthDetail | HealthReport['scrapers'][number]; extract?: DayNote; onChanged: () => void }) {
  const detail = 'error' in s ? s : null;
  const [outcome, setOutcome] = useState<Message | null>(null);
  return (
    <li data-testid={`source-${s.source}`}>
      <div className="source-head">
        <strong>{SOURCE_LABELS[s.source] ?? s.source}</strong>
        <span className={`badge ${STATUS_CLASS[s.status ?? ''] ?? ''}`}>{s.status ?? 'never run'}</span>
      </div>
      <dl className="source-figures">
        <div>
          <dt>Last success</dt>
          <dd>
            {usDateTime(s.last_success_at)} <span className="muted">({age(s.minutes_since_success)})</span>
          </dd>
        </div>
        <div>
          <dt>Latest run</dt>
          <dd>{usDateTime(s.last_run_at)}</dd>
        </div>
        {detail && (
          <div>
            <dt>Seen / changed</dt>
            <dd>
              {num(detail.items_seen)} / {num(detail.changes_written)}
            </dd>
          </div>
        )}
      </dl>
      {detail?.error && <p className="source-error small">{detail.error}</p>}
      {extract && (
        <p className="muted small" data-testid="shipments-extract-today">
          Today&apos;s extract: {extract.status.replace('_', ' ')}
          {extract.note ? ` — ${extract.note}` : ''}
        </p>
      )}
      {detail?.unmatched_store_lines && (
        <p className="muted small">
          {detail.unmatched_store_lines.count} store line(s) matched no known store
          {detail.unmatched_store_lines.examples[0] ? `, e.g. “${detail.unmatched_store_lines.examples[0].address}”` : ''}.
        </p>
      )}
      {detail?.new_locations && <NewLocations locations={detail.new_locations} report={setOutcome} onAdded={onChanged} />}
      <Banner message={outcome} className="source-outcome" action={{ label: 'Dismiss', onClick: () => setOutcome(null) }} />
    </li>
  );
}

/** Whether the scraper's cycles keep finishing: a stall first, in words, where an operator looks. */
function ScraperLine({ scraper }: { scraper: ScraperState }) {
  if (scraper.state === 'stalled') {
    return (
      <div className="alert alert-error" role="alert" data-testid="scraper-stalled">
        <strong>{scraper.message.charAt(0).toUpperCase() + scraper.message.slice(1)}.</strong> Arrivals, shipments, forecasts and alerts wait until a
        cycle finishes again; the scraper keeps trying, and under docker compose its healthcheck restarts it. See the scraper&apos;s log.
      </div>
    );
  }
  return (
    <p className="muted small" data-testid="scraper-state">
      Scraper: {scraper.state === 'never_run' ? 'no cycle has run yet' : `keeping up (${scraper.message})`}.
    </p>
  );
}

export function SourceHealth() {
  const { state, reload } = useResource('source-health', loadHealth, LOAD_FAILED);

  return (
    <section className="card stack source-health" aria-labelledby="source-health-heading" data-testid="source-health">
      <div className="row spread">
        <div>
          <h2 id="source-health-heading">Data sources</h2>
          <p className="muted small">What each scraper source last fetched, New York time. Polled every 15 minutes, 7 AM to 9 PM.</p>
        </div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={reload}>
          Refresh
        </button>
      </div>
      <ResourceView state={state} onRetry={reload} loading={<p className="muted">Loading source health…</p>}>
        {(report) => (
          <>
            {report.database.reachable ? null : (
              <div className="alert alert-error" role="alert">
                The database cannot be reached{'error' in report.database && report.database.error ? `: ${report.database.error}` : '.'}
              </div>
            )}
            {report.scraper && <ScraperLine scraper={report.scraper} />}
            <ul className="source-list" aria-label="Scraper sources">
              {report.scrapers.map((s) => (
                <SourceLine
                  key={s.source}
                  s={s}
                  extract={s.source === 'shipments' && report.view === 'staff' ? report.shipments_extract : undefined}
                  onChanged={reload}
                />
              ))}
            </ul>
          </>
        )}
      </ResourceView>
    </section>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { plural, usDateTime } from '@/lib/reports-client/format';
import type { BoardEntry } from '@/lib/reports/types';
import type { IncomingNearby } from '@/lib/forecast/types';
import type { Distances } from '../../_components/places/distances';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { SkeletonList } from '../../_components/reports/skeleton';
import { useResource } from '../../_components/data/use-resource';
import { IncomingCard, IncomingOnTheMap } from './incoming-card';
import { SHIPMENTS_SHOWN } from './incoming-rules';
import { SummaryCard } from '../../_components/reports/summary-card';

// Incoming's "Nearest to me" view (issue 39), loaded when the hunter opens it: the board's view stays the first one.

const NEAR_FAILED = 'Failed to load what is on its way near you';

/**
 * "Nearest to me" (issue 39): the open shipments to any board whose forecast places are near the hunter's place
 * (GET /api/incoming/nearby, 50 miles), nearest first, each card saying how far. Without a place, how to set one.
 */
export function NearbyIncoming({ watched, distances, directory }: { watched: ReadonlySet<string>; distances: Distances | null | undefined; directory: BoardEntry[] | null }) {
  const { state, reload, refreshing } = useResource<IncomingNearby>('incoming-nearby', (signal) => getJson<IncomingNearby>('/api/incoming/nearby', NEAR_FAILED, signal), NEAR_FAILED);
  const [shownCount, setShownCount] = useState(SHIPMENTS_SHOWN);
  return (
    <ResourceView state={state} onRetry={reload} loading={<SkeletonList count={4} height={120} label="Loading what is on its way near you…" />}>
      {(data) => {
        if (!data.from) {
          return (
            <section className="card stack-sm" data-testid="incoming-no-place">
              <p>Save your ZIP code or your location, and what is on its way to stores near you is listed here, nearest first, whatever the board.</p>
              <p>
                <Link href="/profile#place" className="btn btn-primary">Set your place</Link>
              </p>
            </section>
          );
        }
        const from = data.from.source === 'zip' ? `ZIP code ${data.from.zip}` : 'your location';
        const list = data.shipments;
        return (
          <>
            <SummaryCard id="incoming-near-summary" title="On its way near you" refreshing={refreshing} onRefresh={reload}>
              <p className="muted small" aria-live="polite" data-testid="incoming-near-count">
                Within {data.within} mi of {from}: {data.total > list.length ? `the nearest ${list.length} of ${data.total} shipments` : plural(data.total, 'shipment')}, nearest first ·{' '}
                <Link href="/profile#place">change</Link>
              </p>
            </SummaryCard>
            {list.length > 0 && <IncomingOnTheMap shipments={list} title="Where it will likely land near you" distances={distances} />}
            {list.length === 0 ? (
              <section className="card empty-state" data-testid="incoming-near-empty">
                <p>Nothing hunted is on its way to a store within {data.within} miles of {from} right now.</p>
              </section>
            ) : (
              <div className="stack-sm" data-testid="incoming-near-list">
                {list.slice(0, shownCount).map((s) => (
                  <IncomingCard
                    key={s.incoming_id}
                    shipment={s}
                    boardStores={directory?.find((b) => b.board_id === s.board_id)?.retail_stores}
                    watched={watched.has(s.plu)}
                    distances={distances ?? null}
                    nearest={s.nearest}
                  />
                ))}
                {list.length > shownCount && (
                  <button type="button" className="btn btn-secondary btn-block" onClick={() => setShownCount((n) => n + SHIPMENTS_SHOWN * 2)} data-testid="incoming-show-more">
                    Show {plural(Math.min(list.length - shownCount, SHIPMENTS_SHOWN * 2), 'more shipment')} ({list.length - shownCount} left)
                  </button>
                )}
              </div>
            )}
            <p className="report-note small" data-testid="incoming-near-footer">
              Miles as the crow flies to the nearest store a forecast names, or to the board&apos;s nearest store where it names none. ≈: the store is
              placed at its ZIP code&apos;s centre, so its distance is approximate. Read {usDateTime(data.checked_at)}.
            </p>
          </>
        );
      }}
    </ResourceView>
  );
}

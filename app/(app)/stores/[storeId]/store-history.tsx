'use client';

import { useState } from 'react';
import { price, usDate } from '@/lib/reports-client/format';
import { DEFAULT_HISTORY_DAYS, HISTORY_DAYS, type HistoryDays } from '@/lib/reports-client/options';
import type { StoreHistory as History } from '@/lib/reports/types';
import { getJson } from '../../../_components/data/get-json';
import { ListingBadge } from '../../../_components/reports/listing-badge';
import { SkeletonList, SkeletonStats } from '../../../_components/reports/skeleton';
import { Stats } from '../../../_components/reports/stats';
import { useResource } from '../../../_components/data/use-resource';

/**
 * Previous drops: the store's increases over 30, 60 or 90 days. A failed load shows the empty state.
 * `first`: the default period's drops, rendered by the server.
 */
export function StoreHistory({ storeId, first }: { storeId: string; first?: History | null }) {
  const [days, setDays] = useState<HistoryDays>(DEFAULT_HISTORY_DAYS);
  const { state } = useResource<History>(
    `${storeId}:${days}`,
    (signal) => getJson<History>(`/api/inventory/store-history/${encodeURIComponent(storeId)}?days=${days}`, '', signal),
    undefined,
    { initial: first && { key: `${storeId}:${DEFAULT_HISTORY_DAYS}`, data: first } },
  );
  const history = state.status === 'ready' ? state.data : null;
  const changes = history?.changes ?? [];

  return (
    <section className="card stack-sm" aria-labelledby="history-heading">
      <div className="row spread">
        <h2 id="history-heading">Previous drops</h2>
        <div className="field inline-field">
          <label htmlFor="history-days">History</label>
          <select id="history-days" className="input input-sm" value={days} onChange={(e) => setDays(Number(e.target.value) as HistoryDays)}>
            {HISTORY_DAYS.map((d) => (
              <option key={d} value={d}>Last {d} days</option>
            ))}
          </select>
        </div>
      </div>
      {/* Not ResourceView: a failed load shows the empty state, with no error and no Try Again. */}
      {state.status === 'loading' && (
        <>
          <SkeletonStats count={4} />
          <SkeletonList count={3} height={52} label="Loading previous drops…" />
        </>
      )}
      {state.status !== 'loading' &&
        (changes.length === 0 ? (
          <p className="muted empty-state" data-testid="history-empty">No drops recorded in the last {days} days.</p>
        ) : (
          <>
            <Stats
              label="Drops summary"
              items={[
                { label: 'Drops', value: history!.summary.totalChanges },
                { label: 'Products', value: history!.summary.uniqueProducts },
                { label: 'Bottles added', value: history!.summary.totalInventoryAdded },
                { label: 'Days', value: history!.summary.daysWithChanges },
              ]}
            />
            <div className="stack-sm" data-testid="history-days-list">
              {changes.map((day, i) => (
                <details key={day.date} className="history-day" open={i === 0}>
                  <summary>
                    <span>
                      <strong>{day.day_of_week}</strong> {day.formatted_date || usDate(day.date)}
                    </span>
                    <span className="muted small">
                      {day.item_count} {day.item_count === 1 ? 'product' : 'products'}
                      {day.other_count ? ` + ${day.other_count} everyday` : ''}
                    </span>
                  </summary>
                  <ul className="item-lines">
                    {day.items.map((item) => (
                      <li key={item.history_id}>
                        <div className="item-main">
                          <span className="product-name">{item.product_name}</span>
                          <span className="product-meta">
                            <ListingBadge type={item.listing_type} />
                            <span>{price(item.retail_price)}</span>
                            <span>{item.change_type === 'first' ? 'New to store' : 'Restock'}</span>
                          </span>
                        </div>
                        <div className="item-figure">
                          <strong>+{item.delta}</strong>
                          <span className="muted small">now {item.quantity}</span>
                        </div>
                      </li>
                    ))}
                    {day.other_count ? (
                      <li className="muted small" data-testid="history-other">
                        + {day.other_count} everyday {day.other_count === 1 ? 'product' : 'products'} restocked
                      </li>
                    ) : null}
                  </ul>
                </details>
              ))}
            </div>
          </>
        ))}
    </section>
  );
}

'use client';

import { formatPrice, formatSize, WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import type { RemovedAnswer, UpdatedAnswer, WatchItem } from '@/lib/watchlist/types';
import { ResourceView } from '../../_components/data/resource-view';
import type { ResourceState } from '../../_components/data/use-resource';
import { Banner, failure, useSubmit } from '../../_components/form';
import { failureText, watchlistPaths } from './client';
import { Switch } from './switch';

const nameOf = (item: WatchItem) => item.custom_name ?? item.brand_name ?? `PLU ${item.plu}`;

/** The user's own items (custom and added from search): an active switch and Remove for each. */
export function MyItems({
  state,
  onRetry,
  onChanged,
  onRemoved,
}: {
  state: ResourceState<WatchItem[]>;
  onRetry: () => void;
  onChanged: (item: WatchItem) => void;
  onRemoved: (item: WatchItem) => void;
}) {
  // Keyed by item: each row's switch and Remove wait for their own call, side by side with other rows'.
  const change = useSubmit<number>({ failed: WATCHLIST_MESSAGES.updateFailed });

  function setActive(item: WatchItem, active: boolean) {
    void change.run(async () => {
      onChanged({ ...item, active }); // at once; put back if the server refuses
      const res = await change.send<UpdatedAnswer>(watchlistPaths.item(item.watch_id), { method: 'PATCH', body: { active } });
      if (!res.ok) {
        onChanged(item);
        return failure(failureText(WATCHLIST_MESSAGES.updateFailed, res));
      }
      onChanged(res.data.data);
    }, item.watch_id);
  }

  function remove(item: WatchItem) {
    void change.run(async () => {
      const res = await change.send<RemovedAnswer>(watchlistPaths.item(item.watch_id), { method: 'DELETE' });
      if (!res.ok) return failure(failureText(WATCHLIST_MESSAGES.removeFailed, res));
      onRemoved(item);
    }, item.watch_id);
  }

  return (
    <section id="my-items" className="card stack wl-section" aria-labelledby="items-heading">
      <div>
        <h2 id="items-heading">Your items</h2>
        <p className="muted small">
          Custom items and products you added from search. Pause an item to stop checking it without losing it.
        </p>
      </div>

      <Banner message={change.message} testId="items-error" />

      <ResourceView
        state={state}
        onRetry={onRetry}
        loading={
          <p className="muted" role="status">
            Loading your items…
          </p>
        }
      >
        {(items) =>
          items.length === 0 ? (
            <p className="muted wl-empty">Nothing here yet. Search the catalog or add a custom item above.</p>
          ) : (
            <ul className="wl-list" aria-label="Your items" data-testid="my-items">
              {items.map((item) => {
                const name = nameOf(item);
                const facts = [
                  `PLU ${item.plu}`,
                  item.size_ml ? formatSize(item.size_ml) : null,
                  item.bottles_per_case ? `${item.bottles_per_case} per case` : null,
                ].filter(Boolean);
                return (
                  <li key={item.watch_id} className={`wl-row wl-item${item.active ? '' : ' wl-row-off'}`} data-plu={item.plu}>
                    <div className="wl-row-main">
                      <span className="wl-name">
                        {name} {item.custom_name !== null && <span className="badge wl-custom">Custom</span>}
                      </span>
                      <span className="wl-meta">
                        {facts.join(' · ')}
                        {item.custom_name && item.brand_name && item.brand_name !== item.custom_name && (
                          <> · in the catalog as {item.brand_name}</>
                        )}
                      </span>
                    </div>
                    <div className="wl-row-facts">
                      <span className="wl-price">{formatPrice(item.retail_price)}</span>
                    </div>
                    <div className="wl-row-actions">
                      <Switch
                        checked={item.active}
                        label={`Active: ${name}, PLU ${item.plu}`}
                        busy={change.isBusy(item.watch_id)}
                        onText="Active"
                        offText="Paused"
                        onChange={(next) => setActive(item, next)}
                      />
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm wl-remove"
                        disabled={change.isBusy(item.watch_id)}
                        aria-label={`Remove ${name}, PLU ${item.plu}`}
                        onClick={() => remove(item)}
                      >
                        Remove
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        }
      </ResourceView>
    </section>
  );
}

'use client';

import { useState } from 'react';
import { formatPrice, formatSize, WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import type { WatchItem } from '@/lib/watchlist/types';
import { failureText, watchlistApi } from './client';
import { Switch } from './switch';

const nameOf = (item: WatchItem) => item.custom_name ?? item.brand_name ?? `PLU ${item.plu}`;

/** The user's own items (custom and added from search): an active switch and Remove for each. */
export function MyItems({
  items,
  failed,
  onRetry,
  onChanged,
  onRemoved,
}: {
  items: WatchItem[] | null;
  failed: boolean;
  onRetry: () => void;
  onChanged: (item: WatchItem) => void;
  onRemoved: (item: WatchItem) => void;
}) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const mark = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function setActive(item: WatchItem, active: boolean) {
    if (busy.has(item.watch_id)) return;
    setError(null);
    mark(item.watch_id, true);
    onChanged({ ...item, active }); // at once; put back if the server refuses
    try {
      const res = await watchlistApi.setActive(item.watch_id, active);
      if (!res.ok || !res.data.data) {
        onChanged(item);
        setError(failureText(WATCHLIST_MESSAGES.updateFailed, res));
        return;
      }
      onChanged(res.data.data);
    } catch {
      onChanged(item);
      setError(WATCHLIST_MESSAGES.updateFailed);
    } finally {
      mark(item.watch_id, false);
    }
  }

  async function remove(item: WatchItem) {
    if (busy.has(item.watch_id)) return;
    setError(null);
    mark(item.watch_id, true);
    try {
      const res = await watchlistApi.remove(item.watch_id);
      if (!res.ok) {
        setError(failureText(WATCHLIST_MESSAGES.removeFailed, res));
        return;
      }
      onRemoved(item);
    } catch {
      setError(WATCHLIST_MESSAGES.removeFailed);
    } finally {
      mark(item.watch_id, false);
    }
  }

  return (
    <section id="my-items" className="card stack wl-section" aria-labelledby="items-heading">
      <div>
        <h2 id="items-heading">Your items</h2>
        <p className="muted small">
          Custom items and products you added from search. Pause an item to stop checking it without losing it.
        </p>
      </div>

      {failed && (
        <div className="alert alert-error row spread" role="alert">
          <span>{WATCHLIST_MESSAGES.loadItems}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
            Try Again
          </button>
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert" data-testid="items-error">
          {error}
        </div>
      )}

      {!items ? (
        !failed && (
          <p className="muted" role="status">
            Loading your items…
          </p>
        )
      ) : items.length === 0 ? (
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
                  busy={busy.has(item.watch_id)}
                  onText="Active"
                  offText="Paused"
                  onChange={(next) => void setActive(item, next)}
                />
                <button
                  type="button"
                  className="btn btn-secondary btn-sm wl-remove"
                  disabled={busy.has(item.watch_id)}
                  aria-label={`Remove ${name}, PLU ${item.plu}`}
                  onClick={() => void remove(item)}
                >
                  Remove
                </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

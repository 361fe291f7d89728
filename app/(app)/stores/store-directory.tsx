'use client';

import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { boardAbc, withBoard } from '@/lib/reports-client/boards';
import { usDate } from '@/lib/reports-client/format';
import { DELIVERY_DAYS } from '@/lib/reports-client/options';
import { deliveryDayLabel, deliveryIntervalLabel, filterStores, isMixedBeverage, NO_STORE_FILTERS, regionsOf, type StoreFilters } from '@/lib/reports-client/stores';
import type { Store } from '@/lib/reports/types';
import { BoardHeader, coveredInfo, useBoard, type InitialBoard } from '../../_components/reports/board-choice';
import { ErrorRetry } from '../../_components/reports/error-retry';
import { getJson } from '../../_components/reports/fetchers';
import { SkeletonGrid } from '../../_components/reports/skeleton';
import { useResource } from '../../_components/reports/use-resource';

/** `first`: the opening board's stores, rendered by the server. */
export function StoreDirectory({ initialBoard, first }: { initialBoard: InitialBoard; first?: { stores: Store[] } | null }) {
  const board = useBoard(initialBoard);
  const boards = board.covered;
  const boardId = board.boardId;
  const { state, reload } = useResource<{ stores: Store[] }>(
    `stores:${boardId}`,
    (signal) => getJson<{ stores: Store[] }>(withBoard('/api/stores', boardId), 'Failed to fetch stores data', signal),
    undefined,
    { initial: first && { key: `stores:${initialBoard.boardId}`, data: first } },
  );
  const [filters, setFilters] = useState<StoreFilters>(NO_STORE_FILTERS);
  const search = useDeferredValue(filters.search);
  const update = (patch: Partial<StoreFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const stores = state.status === 'ready' ? state.data.stores ?? [] : [];
  const visible = filterStores(stores, { ...filters, search });
  const filtered = filters !== NO_STORE_FILTERS;

  return (
    <div className="stack">
      <BoardHeader
        title="Stores"
        subtitle={`${boardAbc(boardId, board.boards)} stores: where they are, when their trucks come and what they got.`}
        board={{
          ...board,
          choose: (id) => {
            board.choose(id);
            setFilters(NO_STORE_FILTERS); // another board's regions
          },
        }}
        info={coveredInfo(boards.state, boardId)}
      />
      <form className="card filters filter-grid" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <div className="field span-2">
          <label htmlFor="store-search">Search</label>
          <input id="store-search" className="input" type="search" autoComplete="off" placeholder="Name, number or address"
            value={filters.search} onChange={(e) => update({ search: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="store-region">Region</label>
          <select id="store-region" className="input" value={filters.region} onChange={(e) => update({ region: e.target.value })}>
            <option value="">All regions</option>
            {regionsOf(stores).map((r) => (
              <option key={r} value={r}>{r}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="store-day">Delivery day</label>
          <select id="store-day" className="input" value={filters.deliveryDay} onChange={(e) => update({ deliveryDay: e.target.value })}>
            <option value="">Any day</option>
            {DELIVERY_DAYS.map((d) => (
              <option key={d} value={d}>{d}</option>
            ))}
          </select>
        </div>
        <div className="field span-2">
          <label htmlFor="store-mxb">Mixed beverage</label>
          <select id="store-mxb" className="input" value={filters.mixedBeverage}
            onChange={(e) => update({ mixedBeverage: e.target.value as StoreFilters['mixedBeverage'] })}>
            <option value="">All stores</option>
            <option value="no">Retail stores</option>
            <option value="yes">Mixed beverage (MXB) only</option>
          </select>
        </div>
      </form>

      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={reload} />}
      {(state.status === 'loading' || state.status === 'idle') && <SkeletonGrid count={9} height={150} label="Loading stores…" />}
      {state.status === 'ready' && (
        <>
          <div className="row spread">
            <p className="muted small" aria-live="polite" data-testid="stores-count">
              Showing {visible.length} of {stores.length} stores
            </p>
            {filtered && (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setFilters(NO_STORE_FILTERS)}>
                Clear filters
              </button>
            )}
          </div>
          {visible.length === 0 ? (
            <div className="card empty-state">
              <p>No stores match these filters.</p>
            </div>
          ) : (
            <ul className="card-grid list-plain" aria-label="Stores">
              {visible.map((s) => (
                <li key={s.store_id}>
                  <Link href={`/stores/${s.store_id}`} className="card link-card store-card" data-testid="store-card">
                    <h3>
                      {s.nickname} <span className="muted">#{s.store_number}</span>
                    </h3>
                    <p>{s.address}</p>
                    <div className="product-meta">
                      {s.region && <span className="badge">{s.region}</span>}
                      {isMixedBeverage(s) && <span className="badge badge-mxb">MXB only</span>}
                    </div>
                    <dl className="kv small">
                      <div>
                        <dt>Delivery</dt>
                        <dd>
                          {deliveryDayLabel(s.delivery_day)}
                          {s.delivery_interval_days ? ` · ${deliveryIntervalLabel(s.delivery_interval_days)}` : ''}
                        </dd>
                      </div>
                      <div>
                        <dt>Last delivery</dt>
                        <dd>{usDate(s.last_delivery_date)}</dd>
                      </div>
                    </dl>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

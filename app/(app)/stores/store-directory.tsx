'use client';

import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { boardAbc, boardName, withBoard } from '@/lib/reports-client/boards';
import { usDate } from '@/lib/reports-client/format';
import { DELIVERY_DAYS } from '@/lib/reports-client/options';
import { storesNotReadWords, storesSubtitle } from '@/lib/reports-client/precision';
import { deliveryDayLabel, deliveryIntervalLabel, filterStores, isMixedBeverage, NO_STORE_FILTERS, regionsOf, type StoreFilters } from '@/lib/reports-client/stores';
import type { BoardDirectory, Stores } from '@/lib/reports/types';
import { BoardHeader, coveredInfo, directoryBoards, directoryEntry, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { SkeletonGrid } from '../../_components/reports/skeleton';
import { useResource } from '../../_components/data/use-resource';
import { BOARD_OR_NEAR, ViewSwitch, type BoardOrNear } from '../../_components/places/view-switch';
import { NearbyStoresList } from './nearby-stores';

/**
 * Any board's stores. A board whose shelves are not read says so once above them and shows no delivery days
 * or drops (those come from shelf readings), only where each store is and how to reach it.
 * `first`: the opening board's stores, rendered by the server; `directory`: every board, as the server read it.
 */
export function StoreDirectory({ initialBoard, first, directory: firstDirectory }: { initialBoard: InitialBoard; first?: Stores | null; directory?: BoardDirectory | null }) {
  const board = useBoard(initialBoard);
  const boards = board.covered;
  const boardId = board.boardId;
  const directory = directoryBoards(useBoardDirectory(firstDirectory).state);
  const entry = directoryEntry(directory, boardId);
  const { state, reload } = useResource<Stores>(
    `stores:${boardId}`,
    (signal) => getJson<Stores>(withBoard('/api/stores', boardId), 'Failed to fetch stores data', signal),
    undefined,
    { initial: first && { key: `stores:${initialBoard.boardId}`, data: first } },
  );
  // The home board stays the default view; "Nearest to me" lists every board's stores by distance (issue 39).
  const [view, setView] = useState<BoardOrNear>('board');
  const [filters, setFilters] = useState<StoreFilters>(NO_STORE_FILTERS);
  const search = useDeferredValue(filters.search);
  const update = (patch: Partial<StoreFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const stores = state.status === 'ready' ? state.data.stores ?? [] : [];
  // The list says what its answer says of the board's shelves; the header, until the answer comes, what the directory says.
  const unread = state.status === 'ready' && state.data.precision !== 'shelf' ? state.data.precision : null;
  const shelvesRead = state.status === 'ready' ? unread === null : (entry?.precision ?? 'shelf') === 'shelf';
  const visible = filterStores(stores, { ...filters, search });
  const filtered = filters !== NO_STORE_FILTERS;

  return (
    <div className="stack">
      <BoardHeader
        title="Stores"
        subtitle={view === 'near' ? 'Every store of the state, nearest to you first, whatever its board.' : storesSubtitle(boardAbc(boardId, board.boards), shelvesRead)}
        showBoard={view === 'board'}
        board={{
          ...board,
          choose: (id) => {
            board.choose(id);
            setFilters(NO_STORE_FILTERS); // another board's regions
          },
        }}
        info={coveredInfo(boards.state, boardId)}
        directory={directory}
      />
      <ViewSwitch label="List stores" options={BOARD_OR_NEAR} value={view} onChange={setView} />
      {view === 'near' && <NearbyStoresList />}
      {view === 'board' && (
        <>
          <form className="card filters filter-grid" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
            <div className="field span-2">
              <label htmlFor="store-search">Search</label>
              <input id="store-search" className="input" type="search" autoComplete="off" placeholder="Name, number or address"
                value={filters.search} onChange={(e) => update({ search: e.target.value })} />
            </div>
            {/* Without the delivery day beside it, the region takes its row. */}
            <div className={shelvesRead ? 'field' : 'field span-2'}>
              <label htmlFor="store-region">Region</label>
              <select id="store-region" className="input" value={filters.region} onChange={(e) => update({ region: e.target.value })}>
                <option value="">All regions</option>
                {regionsOf(stores).map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </select>
            </div>
            {shelvesRead && (
              <div className="field">
                <label htmlFor="store-day">Delivery day</label>
                <select id="store-day" className="input" value={filters.deliveryDay} onChange={(e) => update({ deliveryDay: e.target.value })}>
                  <option value="">Any day</option>
                  {DELIVERY_DAYS.map((d) => (
                    <option key={d} value={d}>{d}</option>
                  ))}
                </select>
              </div>
            )}
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

          {/* The stores were filtered above: the filters offer the answer's regions too. */}
          <ResourceView state={state} onRetry={reload} loading={<SkeletonGrid count={9} height={150} label="Loading stores…" />}>
            {() => (
              <>
                {unread && (
                  <section className="card stack-sm" data-testid="stores-unread">
                    <p>{storesNotReadWords(boardName(boardId, board.boards), unread)}</p>
                    {unread === 'board' && (
                      <p>
                        <Link href={`/todays-arrivals?board=${boardId}`}>What the state shipped to {boardName(boardId, board.boards)}</Link>
                      </p>
                    )}
                  </section>
                )}
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
                          {unread ? (
                            // Delivery days and drops come from shelf readings: none here, only how to reach the store.
                            <dl className="kv small">
                              {s.phone && (
                                <div>
                                  <dt>Phone</dt>
                                  <dd>{s.phone}</dd>
                                </div>
                              )}
                              {s.hours && (
                                <div>
                                  <dt>Hours</dt>
                                  <dd>{s.hours}</dd>
                                </div>
                              )}
                            </dl>
                          ) : (
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
                          )}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </ResourceView>
        </>
      )}
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { withBoard } from '@/lib/reports-client/boards';
import { precisionLine } from '@/lib/reports-client/forecast';
import { formatUsDate, plural, price, usDateTime } from '@/lib/reports-client/format';
import type { BoardDirectory, BoardEntry } from '@/lib/reports/types';
import type { ForecastPlace, IncomingNearby, IncomingReport, IncomingShipment, NearestStore } from '@/lib/forecast/types';
import { placeAway } from '../../_components/forecast/place-distances';
import { useDistances, type Distances } from '../../_components/places/distances';
import { Miles } from '../../_components/places/miles';
import { PlaceLines } from '../../_components/forecast/place-lines';
import { RecordNote } from '../../_components/forecast/places';
import { BoardHeader, directoryBoards, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { SkeletonList } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { useResource } from '../../_components/data/use-resource';

const SUBTITLES = {
  shelf: 'Hunted bottles the state shipped to this board, and the stores they are likely to reach, learned from how the board spread earlier shipments.',
  store_by_shipment: 'Hunted bottles the state shipped to this board’s one store, and when they should reach its shelf.',
  board: 'Hunted bottles the state shipped to this board. The state does not say which of its stores get them; the window is when they should reach a shelf.',
} as const;

/** The Incoming screen: a board's shipments on their way, where and when they are forecast to land, and its record. */
/** Shipments shown before "Show more": a few screens on a phone, the hunter's watched products first. */
export const SHIPMENTS_SHOWN = 6;

/**
 * `watched`: the PLUs on the hunter's watchlist (the server page's read; null when it could not say), whose
 * shipments come first.
 */
export function Incoming({
  initialBoard,
  first,
  directory: firstDirectory,
  watched = null,
}: {
  initialBoard: InitialBoard;
  first: IncomingReport | null;
  directory?: BoardDirectory | null;
  watched?: readonly string[] | null;
}) {
  const board = useBoard(initialBoard);
  const directory = directoryBoards(useBoardDirectory(firstDirectory).state);
  const boardId = board.boardId;
  const [opening, setOpening] = useState(first);
  const { state, reload, refreshing } = useResource<IncomingReport>(
    `incoming:${boardId}`,
    (signal) => getJson<IncomingReport>(withBoard('/api/incoming', boardId), 'Failed to load what is on its way', signal),
    undefined,
    { initial: opening && { key: `incoming:${initialBoard.boardId}`, data: opening } },
  );
  const choose = (id: number) => {
    setOpening(null);
    board.choose(id);
  };
  const [shownCount, setShownCount] = useState(SHIPMENTS_SHOWN);
  // How far each forecast place is from the hunter's place, when one is saved (issue 39).
  const distances = useDistances();
  // The board stays the default view; "Nearest to me" lists what is on its way near the hunter, whatever the board.
  const [view, setView] = useState<'board' | 'near'>('board');
  const report = state.status === 'ready' ? state.data : null;
  const watchedSet = new Set(watched ?? []);
  // What matters to the hunter first: their watched products, each group the latest shipment first (the answer's order).
  const open = (report?.incoming.filter((s) => s.status === 'open') ?? []).sort((a, b) => Number(watchedSet.has(b.plu)) - Number(watchedSet.has(a.plu)));
  const landed = report?.incoming.filter((s) => s.status === 'closed') ?? [];
  const precision = report?.board.precision;

  return (
    <div className="stack">
      <BoardHeader
        title="Incoming"
        subtitle={
          view === 'near'
            ? 'Hunted bottles the state shipped to any board, nearest to you first, and where they are likely to land.'
            : report
              ? SUBTITLES[report.board.precision]
              : 'Hunted bottles the state shipped, and where they are likely to land.'
        }
        showBoard={view === 'board'}
        board={{ ...board, choose }}
        info={null}
        directory={directory}
      />
      <div className="seg" role="group" aria-label="List shipments">
        <button type="button" aria-pressed={view === 'board'} onClick={() => setView('board')}>
          This board
        </button>
        <button type="button" aria-pressed={view === 'near'} onClick={() => setView('near')}>
          Nearest to me
        </button>
      </div>
      {view === 'near' ? (
        <NearbyIncoming watched={watchedSet} distances={distances} directory={directory} />
      ) : (
        <ResourceView state={state} onRetry={reload} loading={<SkeletonList count={4} height={120} label="Loading what is on its way…" />}>
          {(data) => (
            <>
              <section className="card stack-sm" aria-labelledby="incoming-summary">
                <div className="row spread nowrap">
                  <h2 id="incoming-summary" className="summary-title">
                    On its way to {data.board.name}
                  </h2>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={reload} disabled={refreshing} aria-busy={refreshing}>
                    {refreshing ? 'Refreshing…' : 'Refresh'}
                  </button>
                </div>
                <Stats
                  label="Incoming summary"
                  items={[
                    { label: 'Shipments', value: open.length },
                    { label: 'Bottles', value: open.reduce((n, s) => n + s.units, 0) },
                    // A board whose stores the state does not split names none: its store count says where the bottles may be.
                    precision === 'shelf'
                      ? { label: 'Stores named', value: new Set(open.flatMap((s) => s.places.filter((p) => p.named && p.store).map((p) => p.store!.store_id))).size }
                      : precision === 'board'
                        ? { label: 'Stores on the board', value: data.board.retail_stores }
                        : { label: 'Stores on the board', value: 1 },
                  ]}
                />
                {precision === 'store_by_shipment' && (
                  <p className="small" data-testid="incoming-precision">
                    {precisionLine({ precision: data.board.precision, board: data.board.name, stores: data.board.retail_stores, onlyStore: data.board.only_store && { nickname: data.board.only_store.nickname, store_number: data.board.only_store.store_number } })}
                    .
                  </p>
                )}
                <RecordNote record={data.record} />
              </section>
              {open.length === 0 ? (
                <section className="card empty-state" data-testid="incoming-empty">
                  <p>
                    Nothing hunted is on its way to {data.board.name} right now. Forecasts appear when the state&apos;s daily shipment report
                    (read around 11 AM) lists an allocated, limited or barrel product shipped to the board.
                  </p>
                </section>
              ) : (
                <div className="stack-sm" data-testid="incoming-list">
                  {open.slice(0, shownCount).map((s) => (
                    <IncomingCard key={s.incoming_id} shipment={s} boardStores={data.board.retail_stores} watched={watchedSet.has(s.plu)} distances={distances} />
                  ))}
                  {open.length > shownCount && (
                    <button type="button" className="btn btn-secondary btn-block" onClick={() => setShownCount((n) => n + SHIPMENTS_SHOWN * 2)} data-testid="incoming-show-more">
                      Show {plural(Math.min(open.length - shownCount, SHIPMENTS_SHOWN * 2), 'more shipment')} ({open.length - shownCount} left)
                    </button>
                  )}
                </div>
              )}
              {landed.length > 0 && (
                <details className="card collapsible" data-testid="incoming-landed">
                  <summary>
                    <h2 id="landed-heading">
                      Recently closed<span className="count-pill">{landed.length}</span>
                    </h2>
                  </summary>
                  <div className="collapsible-body stack-sm">
                    {landed.map((s) => (
                      <IncomingCard key={s.incoming_id} shipment={s} boardStores={data.board.retail_stores} watched={watchedSet.has(s.plu)} distances={distances} />
                    ))}
                  </div>
                </details>
              )}
              <p className="report-note small" data-testid="incoming-footer">
                Forecasts are updated every 15 minutes from 7 AM to 9 PM as bottles show up on shelves. Read {usDateTime(data.checked_at)}.
              </p>
            </>
          )}
        </ResourceView>
      )}
    </div>
  );
}

const NEAR_FAILED = 'Failed to load what is on its way near you';

/**
 * "Nearest to me" (issue 39): the open shipments to any board whose forecast places are near the hunter's place
 * (GET /api/incoming/nearby, 50 miles), nearest first, each card saying how far. Without a place, how to set one.
 */
function NearbyIncoming({ watched, distances, directory }: { watched: ReadonlySet<string>; distances: Distances | null; directory: BoardEntry[] | null }) {
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
            <section className="card stack-sm" aria-labelledby="incoming-near-summary">
              <div className="row spread nowrap">
                <h2 id="incoming-near-summary" className="summary-title">
                  On its way near you
                </h2>
                <button type="button" className="btn btn-secondary btn-sm" onClick={reload} disabled={refreshing} aria-busy={refreshing}>
                  {refreshing ? 'Refreshing…' : 'Refresh'}
                </button>
              </div>
              <p className="muted small" aria-live="polite" data-testid="incoming-near-count">
                Within {data.within} mi of {from}: {data.total > list.length ? `the nearest ${list.length} of ${data.total} shipments` : plural(data.total, 'shipment')}, nearest first ·{' '}
                <Link href="/profile#place">change</Link>
              </p>
            </section>
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
                    distances={distances}
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

/** Places shown on a card before the rest fold away: the likeliest few, a phone's glance per shipment. */
export const PLACES_SHOWN = 3;

/**
 * One shipment: the product, what was shipped when and how precisely (on the card itself: the stores, this
 * board's only store, or the board), the likeliest few places, and the rest folded behind "N more stores".
 * `boardStores`: its board's retail stores (the board words); `distances`: each place's miles, when the hunter has a
 * place; `nearest`: in "Nearest to me", the store the shipment is nearest the hunter at.
 */
function IncomingCard({
  shipment: s,
  boardStores: stores,
  watched,
  distances,
  nearest,
}: {
  shipment: IncomingShipment;
  boardStores?: number;
  watched: boolean;
  distances: Distances | null;
  nearest?: NearestStore;
}) {
  const only = s.precision === 'store_by_shipment';
  // Named (and arrived) first, then the likeliest, as the answer orders them; a closed shipment keeps its outcomes.
  const shown = s.places.slice(0, PLACES_SHOWN);
  const rest = s.places.slice(PLACES_SHOWN);
  const away = distances ? (p: ForecastPlace) => placeAway(distances, p, s.board_id) : undefined;
  // The store it is nearest the hunter at may be folded below the likeliest: its line says how likely it is there.
  const nearestPlace = nearest?.kind === 'forecast' ? s.places.find((p) => p.store?.store_id === nearest.store_id) : undefined;
  return (
    <article className="card incoming-card" data-testid="incoming-shipment" data-precision={s.precision} aria-labelledby={`incoming-${s.incoming_id}`}>
      <header>
        <div>
          <h3 id={`incoming-${s.incoming_id}`}>
            <Link className="product-name" href={`/products/${s.plu}`}>
              {s.name}
            </Link>
          </h3>
          <span className="product-meta">
            {watched && <span className="badge badge-today">On your watchlist</span>}
            <ListingBadge type={s.listing_type} />
            <span>{price(s.retail_price)}</span>
            <span>PLU {s.plu}</span>
          </span>
          {/* A shelf board's stores are listed below; a one-store board's or a board's place line says the rest. */}
          <div className="small shipment-precision">
            {plural(s.units, 'bottle')} shipped {formatUsDate(s.ship_date)}
            {s.precision === 'shelf' && <span data-testid="shipment-precision"> · {precisionLine({ precision: s.precision, board: s.board_name })}</span>}
          </div>
          {nearest && (
            <div className="small shipment-nearest" data-testid="incoming-nearest">
              <Miles store={nearest} /> to {nearest.nickname}
              {nearestPlace && ` (${nearestPlace.outcome === 'arrived' ? 'arrived' : nearestPlace.likelihood_words})`}
              {nearest.kind === 'forecast' ? ` · ${s.board_name}` : `, ${s.board_name}'s nearest store`}
            </div>
          )}
        </div>
      </header>
      {shown.length > 0 ? (
        <PlaceLines places={shown} boardName={s.board_name} boardStores={stores} onlyStore={only} away={away} />
      ) : (
        <p className="muted small incoming-more">No store is likely enough to name yet.</p>
      )}
      <details className="incoming-more" data-testid="incoming-more">
        <summary>{rest.length > 0 ? plural(rest.length, 'more store') : 'When it was forecast'}</summary>
        {rest.length > 0 && <PlaceLines places={rest} boardName={s.board_name} boardStores={stores} onlyStore={only} away={away} />}
        <p className="muted small">
          Forecast {usDateTime(s.forecast_at)}
          {s.updated_at !== s.forecast_at && <> · updated {usDateTime(s.updated_at)}</>}
        </p>
      </details>
    </article>
  );
}

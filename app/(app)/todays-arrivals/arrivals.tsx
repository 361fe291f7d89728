'use client';

import Link from 'next/link';
import { useState } from 'react';
import { groupArrivalsByProduct, nextDayOutcome, summarizeArrivals } from '@/lib/reports-client/arrivals';
import { BOARD_PARAM, boardAbc, withBoard } from '@/lib/reports-client/boards';
import { formatUsDate, nyDate, price, usDateTime, usTime } from '@/lib/reports-client/format';
import { RECENT_DATES_SHOWN } from '@/lib/reports-client/options';
import { precisionLine } from '@/lib/reports-client/forecast';
import { noShipmentsWords, SHELF_BOARD_SHIPMENTS_NOTE, shelfBoardShipmentsTitle, shipmentsFooter, shipmentsSubtitle } from '@/lib/reports-client/precision';
import type { ArrivalsReport, AvailableDates, BoardDirectory, BoardShipment } from '@/lib/reports/types';
import { weekdayOf } from '@/lib/time';
import { BoardHeader, coveredInfo, directoryBoards, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { callApi } from '../../_components/data/call';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useDistances, type Distances } from '../../_components/places/distances';
import { Miles } from '../../_components/places/miles';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { SkeletonList, SkeletonStats } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { useResource } from '../../_components/data/use-resource';
import { SavedCopyNotice } from '../../_components/offline/saved-copy-notice';
import { useSaveForOffline } from '../../_components/offline/saved-pages';
import { SummaryCard } from '../../_components/reports/summary-card';

type Direction = 'previous' | 'next';
type Notice = { kind: 'info' | 'error'; text: string } | null;

/**
 * `first`: the arrivals the server rendered, for the opening board and `date` (today, unless the address named
 * a day), at `savedAt`. A copy the service worker saved shows with its age (app/service-worker.ts).
 */
export function Arrivals({
  initialDate,
  initialBoard,
  first,
  savedAt,
  directory: firstDirectory,
}: {
  initialDate?: string;
  initialBoard: InitialBoard;
  first?: { date: string; report: ArrivalsReport } | null;
  /** When the server rendered `first` (ISO). */
  savedAt?: string;
  /** Every board (GET /api/boards), as the server page read it. */
  directory?: BoardDirectory | null;
}) {
  const board = useBoard(initialBoard);
  const boards = board.covered;
  const directory = directoryBoards(useBoardDirectory(firstDirectory).state);
  const boardId = board.boardId;
  const entry = directory?.find((b) => b.board_id === boardId) ?? null;
  // Shelves read unless the directory says otherwise: a board whose shelves are not read shows what was shipped to it.
  const byShipments = entry !== null && entry.precision !== 'shelf';
  const name = entry?.name ?? boardAbc(boardId, board.boards);
  const [today] = useState(() => nyDate());
  // The server's day: a copy saved yesterday and read offline today shows yesterday, as a past day.
  const [date, setDate] = useState(() => initialDate ?? first?.date ?? today);
  const [notice, setNotice] = useState<Notice>(null);
  const [navigating, setNavigating] = useState<Direction | null>(null);

  const shown = formatUsDate(date);
  // A failed load names the day, whatever the server said.
  const failed = `Failed to load arrivals for ${shown}. Please try again.`;
  // How far each store is from the hunter's place, when one is saved (issue 39).
  const distances = useDistances();
  const { state, reload, refreshing } = useResource<ArrivalsReport>(
    `${boardId}:${date}`,
    (signal) =>
      getJson<ArrivalsReport>(withBoard(`/api/inventory/todays-arrivals?date=${date}`, boardId), failed, signal).then((res) =>
        res.ok ? res : { ok: false, error: failed },
      ),
    undefined,
    { initial: first && { key: `${initialBoard.boardId}:${first.date}`, data: first.report } },
  );
  const onScreen = state.status === 'ready' ? state.data : null;
  const fromServerPage = onScreen !== null && onScreen === first?.report;
  useSaveForOffline(onScreen, fromServerPage);
  const isEmpty = state.status === 'ready' && (byShipments ? state.data.shipments ?? [] : state.data.arrivals ?? []).length === 0;
  // The empty state suggests recent dates that had arrivals; without them (none, or the look-up failed) it says
  // when to look again, never an error: so not ResourceView.
  const recent = useResource<AvailableDates>(isEmpty ? `recent:${boardId}:${date}` : null, (signal) =>
    getJson<AvailableDates>(withBoard(`/api/inventory/available-dates?currentDate=${date}`, boardId), '', signal),
  );

  function show(next: string) {
    setDate(next);
    // The address keeps the day (when it is not today) and the board (when one was chosen).
    const params = new URLSearchParams();
    if (next !== today) params.set('date', next);
    if (board.inAddress) params.set(BOARD_PARAM, String(boardId));
    const query = params.toString();
    window.history.replaceState(window.history.state, '', query ? `${window.location.pathname}?${query}` : window.location.pathname);
  }

  function chooseBoard(id: number) {
    setNotice(null);
    board.choose(id);
  }

  async function go(direction: Direction) {
    setNavigating(direction);
    setNotice(null);
    // Any failure says the same words, whatever the server said.
    const failed = `Failed to navigate to ${direction} date.`;
    const res = await callApi<AvailableDates>(withBoard(`/api/inventory/available-dates?currentDate=${date}&direction=${direction}`, boardId), { failed });
    setNavigating(null);
    if (!res.ok) {
      setNotice({ kind: 'error', text: failed });
      return;
    }
    const found = res.data.availableDate ?? null;
    if (direction === 'previous') {
      if (found) show(found);
      else setNotice({ kind: 'info', text: 'No earlier dates with arrivals found.' });
    } else {
      const outcome = nextDayOutcome(date, found, today);
      if (outcome.kind === 'none') {
        setNotice({ kind: 'info', text: "No later dates with arrivals found. You're viewing the most recent data available." });
      } else show(outcome.date);
    }
  }

  const isToday = date === today;
  const busy = navigating !== null || state.status === 'loading';

  return (
    <div className="stack">
      <BoardHeader
        title="Today's Arrivals"
        subtitle={byShipments ? shipmentsSubtitle(name) : `New bottles of allocated, limited and barrel products at ${boardAbc(boardId, board.boards)} stores.`}
        board={{ ...board, choose: chooseBoard }}
        info={byShipments ? null : coveredInfo(boards.state, boardId)}
        showCheck={false}
        directory={directory}
      />
      <SavedCopyNotice savedAt={fromServerPage ? (savedAt ?? null) : null} />
      <nav className="card date-nav" aria-label="Choose a day">
        <button type="button" className="btn btn-secondary" onClick={() => void go('previous')} disabled={busy}>
          <span aria-hidden="true">‹</span> Previous Day
        </button>
        <div className="date-nav-current" aria-live="polite">
          <span className="date-nav-date" data-testid="arrivals-date">{shown}</span>
          <span className="date-nav-meta">
            <span className={`badge ${isToday ? 'badge-today' : 'badge-historical'}`} data-testid="arrivals-label">
              {isToday ? 'Today' : 'Historical'}
            </span>
            <span className="muted small">{weekdayOf(date)}</span>
          </span>
        </div>
        {isToday ? (
          <span className="date-nav-spacer" aria-hidden="true" />
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => void go('next')} disabled={busy}>
            Next Day <span aria-hidden="true">›</span>
          </button>
        )}
      </nav>

      <div aria-live="polite">
        {notice && (
          <div className={`alert ${notice.kind === 'error' ? 'alert-error' : 'alert-info'}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </div>
        )}
      </div>

      <ResourceView
        state={state}
        onRetry={reload}
        loading={
          <>
            <section className="card stack-sm" aria-hidden="true">
              <div className="skeleton skeleton-line" style={{ width: 180, height: 36 }} />
              <SkeletonStats count={4} />
            </section>
            <SkeletonList count={5} height={72} label="Loading arrivals…" />
          </>
        }
      >
        {(data) =>
          byShipments ? (
            <>
              <ShipmentsSummary data={data} refreshing={refreshing} onRefresh={reload} />
              {data.shipment_day?.note && (
                <div className="alert alert-warn small" role="status" data-testid="shipment-day-note">
                  {data.shipment_day.note}
                </div>
              )}
              {isEmpty ? (
                <section className="card stack-sm empty-state" data-testid="arrivals-empty">
                  <h2>{data.shipment_day?.status === 'complete' ? noShipmentsWords(name, date) : `No shipments known for ${shown}`}</h2>
                  <RecentDates recent={recent.state} date={date} show={show} label="Recent dates with shipments:" />
                </section>
              ) : (
                <ShipmentGroups shipments={data.shipments ?? []} board={name} stores={entry?.retail_stores} />
              )}
              <p className="report-note small" data-testid="arrivals-footer">
                {shipmentsFooter(data.shipment_day?.extracted_at ?? null)}
              </p>
            </>
          ) : (
            <>
              <ArrivalsSummary data={data} refreshing={refreshing} onRefresh={reload} />
              {isEmpty ? (
                <section className="card stack-sm empty-state" data-testid="arrivals-empty">
                  <h2>No arrivals recorded for {shown}</h2>
                  {recent.state.status === 'loading' && <div className="skeleton skeleton-line" style={{ width: '70%' }} />}
                  {recent.state.status === 'ready' && (recent.state.data.allAvailableDates ?? []).length > 0 ? (
                    <>
                      <p className="muted">Recent dates with arrivals:</p>
                      <div className="row">
                        {recent.state.data.allAvailableDates
                          .filter((d) => d !== date)
                          .slice(0, RECENT_DATES_SHOWN)
                          .map((d) => (
                            <button key={d} type="button" className="btn btn-secondary btn-sm" onClick={() => show(d)}>
                              {formatUsDate(d)}
                            </button>
                          ))}
                      </div>
                    </>
                  ) : (
                    recent.state.status !== 'loading' && <p className="muted">Check back after the next delivery day.</p>
                  )}
                </section>
              ) : (
                <ArrivalGroups data={data} distances={distances ?? null} />
              )}
              {/* The board's shipments of the day stay in sight, arrivals or not: each card says the state named only the board. */}
              {(data.shipments ?? []).length > 0 && (
                <section className="stack-sm" data-testid="shelf-board-shipments" aria-labelledby="shelf-board-shipments">
                  <h2 id="shelf-board-shipments" className="section-title">
                    {shelfBoardShipmentsTitle(name)}
                  </h2>
                  <p className="muted small">{SHELF_BOARD_SHIPMENTS_NOTE}</p>
                  <ShipmentGroups shipments={data.shipments ?? []} board={name} stores={entry?.retail_stores} />
                </section>
              )}
              <p className="report-note small" data-testid="arrivals-footer">
                Data updates every 15 minutes during business hours (7 AM to 9 PM). Last check:{' '}
                {data.last_check ? usDateTime(data.last_check) : 'not yet'}.
              </p>
            </>
          )
        }
      </ResourceView>
    </div>
  );
}

function ArrivalsSummary({ data, refreshing, onRefresh }: { data: ArrivalsReport; refreshing: boolean; onRefresh: () => void }) {
  const s = summarizeArrivals(data.arrivals ?? []);
  return (
    <SummaryCard id="arrivals-summary" title="Inventory increases" refreshing={refreshing} onRefresh={onRefresh}>
      <Stats
        label="Arrivals summary"
        items={[
          { label: 'Increases', value: data.total_arrivals ?? s.increases },
          { label: 'Products', value: s.products },
          { label: 'Stores', value: s.stores },
          { label: 'Bottles', value: s.bottles },
        ]}
      />
    </SummaryCard>
  );
}

function RecentDates({
  recent,
  date,
  show,
  label,
}: {
  recent: ReturnType<typeof useResource<AvailableDates>>['state'];
  date: string;
  show: (d: string) => void;
  label: string;
}) {
  if (recent.status === 'loading') return <div className="skeleton skeleton-line" style={{ width: '70%' }} />;
  const dates = recent.status === 'ready' ? (recent.data.allAvailableDates ?? []).filter((d) => d !== date).slice(0, RECENT_DATES_SHOWN) : [];
  if (dates.length === 0) return <p className="muted">Check back after the next shipment report.</p>;
  return (
    <>
      <p className="muted">{label}</p>
      <div className="row">
        {dates.map((d) => (
          <button key={d} type="button" className="btn btn-secondary btn-sm" onClick={() => show(d)}>
            {formatUsDate(d)}
          </button>
        ))}
      </div>
    </>
  );
}

/** A day's shipments to a board whose shelves are not read: what left the warehouse, never a shelf count. */
function ShipmentsSummary({ data, refreshing, onRefresh }: { data: ArrivalsReport; refreshing: boolean; onRefresh: () => void }) {
  const rows = data.shipments ?? [];
  return (
    <SummaryCard id="shipments-summary" title="Shipments" refreshing={refreshing} onRefresh={onRefresh}>
      <Stats
        label="Shipments summary"
        items={[
          { label: 'Products shipped', value: new Set(rows.map((r) => r.plu)).size },
          { label: 'Cases', value: rows.reduce((n, r) => n + r.cases, 0) },
          { label: 'Bottles', value: rows.reduce((n, r) => n + r.units, 0) },
        ]}
      />
    </SummaryCard>
  );
}

/**
 * The day's shipments to the board, one card each, with their precision on the closed card (issue 37): the
 * board's only store (named once: its street is its name), or the board, which the state does not split.
 */
function ShipmentGroups({ shipments, board, stores }: { shipments: BoardShipment[]; board: string; stores?: number }) {
  return (
    <section className="stack-sm" aria-label="Products shipped">
      {shipments.map((s) => (
        <details key={s.shipment_id} className="card product-card" data-testid="shipment-product" data-precision={s.precision}>
          <summary>
            <span className="product-card-title">
              <span className="product-name">{s.bourbon_name}</span>
              <span className="product-meta">
                <ListingBadge type={s.listing_type} />
                <span>{price(s.price)}</span>
                <span>PLU {s.plu}</span>
              </span>
              <span className="small shipment-precision" data-testid="shipment-precision">
                {precisionLine({
                  precision: s.store ? 'store_by_shipment' : 'board',
                  board,
                  stores,
                  onlyStore: s.store && { nickname: s.store.store_nickname, store_number: s.store.store_number },
                })}
              </span>
            </span>
            <span className="product-card-figures">
              <strong>{s.cases}</strong> {s.cases === 1 ? 'case' : 'cases'}
              <span className="muted"> · {s.units} {s.units === 1 ? 'bottle' : 'bottles'}</span>
            </span>
          </summary>
          <p className="small muted">
            {s.store ? (
              <>
                Shipped to this store&apos;s board, whose only store it is:{' '}
                <Link href={`/stores/${s.store.store_id}`}>{storeAddress(s.store.store_nickname, s.store.store_address)}</Link>. Its shelves are not published.
              </>
            ) : (
              'Shipped to the board: the state does not say which store. Not a shelf reading.'
            )}
          </p>
        </details>
      ))}
    </section>
  );
}

/** A store whose name is its street ("2067 Blowing Rock Rd") is not named twice. */
function storeAddress(nickname: string, address: string): string {
  return address.startsWith(nickname) ? address : `${nickname}, ${address}`;
}

function ArrivalGroups({ data, distances }: { data: ArrivalsReport; distances: Distances | null }) {
  const groups = groupArrivalsByProduct(data.arrivals ?? []);
  return (
    <section className="stack-sm" aria-labelledby="arrivals-products">
      <h2 id="arrivals-products" className="sr-only">Products</h2>
      {groups.map((g) => (
        <details key={g.name} className="card product-card" data-testid="arrival-product">
          <summary>
            <span className="product-card-title">
              <span className="product-name">{g.name}</span>
              <span className="product-meta">
                <ListingBadge type={g.listingType} />
                <span>{price(g.price)}</span>
                <span>PLU {g.plu}</span>
              </span>
            </span>
            <span className="product-card-figures">
              <strong>{g.bottles}</strong> {g.bottles === 1 ? 'bottle' : 'bottles'}
              {/* Its precision on the closed card: on the shelf, at the one store named or at several. */}
              <span className="muted" data-testid="arrival-precision">
                {' '}
                · on the shelf at {g.stores.length === 1 ? `${g.stores[0].store_nickname} #${g.stores[0].store_number}` : `${g.stores.length} stores`}
              </span>
            </span>
          </summary>
          <ul className="store-lines">
            {g.stores.map((a) => (
              <li key={a.history_id}>
                <div>
                  <Link href={`/stores/${a.store_id}`} className="store-link">
                    {a.store_nickname} <span className="muted">#{a.store_number}</span>
                  </Link>
                  <div className="muted small">{a.store_address}</div>
                  <div className="muted small">
                    <Miles store={distances?.of(a.store_id)} />
                    {distances?.of(a.store_id) ? ' · ' : ''}
                    {a.change_type === 'first' ? 'New to store' : 'Restock'} · seen {usTime(a.last_updated)}
                  </div>
                </div>
                <div className="store-line-figures">
                  <strong>+{a.delta}</strong>
                  <span className="muted small">now {a.new_quantity}</span>
                </div>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}

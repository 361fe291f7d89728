'use client';

import Link from 'next/link';
import { useState } from 'react';
import { groupArrivalsByProduct, nextDayOutcome, summarizeArrivals } from '@/lib/reports-client/arrivals';
import { BOARD_PARAM, boardAbc, withBoard } from '@/lib/reports-client/boards';
import { formatUsDate, nyDate, price, usDateTime, usTime } from '@/lib/reports-client/format';
import { RECENT_DATES_SHOWN } from '@/lib/reports-client/options';
import type { ArrivalsReport, AvailableDates, ErrorAnswer } from '@/lib/reports/types';
import { weekdayOf } from '@/lib/time';
import { apiFetch } from '../../_components/api';
import { BoardHeader, coveredInfo, useBoard, type InitialBoard } from '../../_components/reports/board-choice';
import { ErrorRetry } from '../../_components/reports/error-retry';
import { getJson } from '../../_components/reports/fetchers';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { SkeletonList, SkeletonStats } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { useResource } from '../../_components/reports/use-resource';

type Direction = 'previous' | 'next';
type Notice = { kind: 'info' | 'error'; text: string } | null;

/** `first`: the arrivals the server rendered, for the opening board and `date` (today, unless the address named a day). */
export function Arrivals({
  initialDate,
  initialBoard,
  first,
}: {
  initialDate?: string;
  initialBoard: InitialBoard;
  first?: { date: string; report: ArrivalsReport } | null;
}) {
  const board = useBoard(initialBoard);
  const boards = board.covered;
  const boardId = board.boardId;
  const [today] = useState(() => nyDate());
  const [date, setDate] = useState(() => initialDate ?? today);
  const [notice, setNotice] = useState<Notice>(null);
  const [navigating, setNavigating] = useState<Direction | null>(null);

  const shown = formatUsDate(date);
  const { state, reload, refreshing } = useResource<ArrivalsReport>(
    `${boardId}:${date}`,
    (signal) => getJson<ArrivalsReport>(withBoard(`/api/inventory/todays-arrivals?date=${date}`, boardId), '', signal),
    undefined,
    { initial: first && { key: `${initialBoard.boardId}:${first.date}`, data: first.report } },
  );
  const isEmpty = state.status === 'ready' && (state.data.arrivals ?? []).length === 0;
  // The empty state suggests recent dates that had arrivals.
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
    try {
      const res = await apiFetch<AvailableDates | ErrorAnswer>(
        withBoard(`/api/inventory/available-dates?currentDate=${date}&direction=${direction}`, boardId),
      );
      if (!res.ok || !res.data.success) throw new Error(res.data.success ? '' : res.data.error);
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
    } catch {
      setNotice({ kind: 'error', text: `Failed to navigate to ${direction} date.` });
    } finally {
      setNavigating(null);
    }
  }

  const isToday = date === today;
  const busy = navigating !== null || state.status === 'loading';

  return (
    <div className="stack">
      <BoardHeader
        title="Today's Arrivals"
        subtitle={`New bottles of allocated, limited and barrel products at ${boardAbc(boardId, board.boards)} stores.`}
        board={{ ...board, choose: chooseBoard }}
        info={coveredInfo(boards.state, boardId)}
        showCheck={false}
      />
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

      {state.status === 'loading' && (
        <>
          <section className="card stack-sm" aria-hidden="true">
            <div className="skeleton skeleton-line" style={{ width: 180, height: 36 }} />
            <SkeletonStats count={4} />
          </section>
          <SkeletonList count={5} height={72} label="Loading arrivals…" />
        </>
      )}

      {state.status === 'error' && (
        <ErrorRetry message={`Failed to load arrivals for ${shown}. Please try again.`} onRetry={reload} />
      )}

      {state.status === 'ready' && (
        <>
          <ArrivalsSummary data={state.data} refreshing={refreshing} onRefresh={reload} />
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
            <ArrivalGroups data={state.data} />
          )}
          <p className="report-note small" data-testid="arrivals-footer">
            Data updates every 15 minutes during business hours (7 AM to 9 PM). Last check:{' '}
            {state.data.last_check ? usDateTime(state.data.last_check) : 'not yet'}.
          </p>
        </>
      )}
    </div>
  );
}

function ArrivalsSummary({ data, refreshing, onRefresh }: { data: ArrivalsReport; refreshing: boolean; onRefresh: () => void }) {
  const s = summarizeArrivals(data.arrivals ?? []);
  return (
    <section className="card stack-sm" aria-labelledby="arrivals-summary">
      <div className="row spread nowrap">
        <h2 id="arrivals-summary" className="summary-title">Inventory increases</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <Stats
        label="Arrivals summary"
        items={[
          { label: 'Increases', value: data.total_arrivals ?? s.increases },
          { label: 'Products', value: s.products },
          { label: 'Stores', value: s.stores },
          { label: 'Bottles', value: s.bottles },
        ]}
      />
    </section>
  );
}

function ArrivalGroups({ data }: { data: ArrivalsReport }) {
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
              <span className="muted"> · {g.stores.length} {g.stores.length === 1 ? 'store' : 'stores'}</span>
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

'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { withBoard } from '@/lib/reports-client/boards';
import { precisionLine } from '@/lib/reports-client/forecast';
import { plural, usDateTime } from '@/lib/reports-client/format';
import type { BoardDirectory } from '@/lib/reports/types';
import type { IncomingReport } from '@/lib/forecast/types';
import { useDistances } from '../../_components/places/distances';
import { BOARD_OR_NEAR, ViewSwitch, type BoardOrNear } from '../../_components/places/view-switch';
import { RecordNote } from '../../_components/forecast/places';
import { BoardHeader, directoryBoards, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { SkeletonList } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { SummaryCard } from '../../_components/reports/summary-card';
import { useResource } from '../../_components/data/use-resource';
import { IncomingCard, IncomingOnTheMap } from './incoming-card';
import { BOARD_MAP_TITLE, openShipments, SHIPMENTS_SHOWN } from './incoming-rules';

// "Nearest to me" loads when the hunter opens it: the board's view, the first one, carries none of its code. React's
// lazy rather than next/dynamic, whose loader would add its own code to this screen's first load (150 KB budget).
const NearbyIncoming = lazy(() => import('./incoming-nearby').then((m) => ({ default: m.NearbyIncoming })));

const SUBTITLES = {
  shelf: 'Hunted bottles the state shipped to this board, and the stores they are likely to reach, learned from how the board spread earlier shipments.',
  store_by_shipment: 'Hunted bottles the state shipped to this board’s one store, and when they should reach its shelf.',
  board: 'Hunted bottles the state shipped to this board. The state does not say which of its stores get them; the window is when they should reach a shelf.',
} as const;

/** The Incoming screen: a board's shipments on their way, where and when they are forecast to land, and its record. */

/**
 * `watched`: the PLUs on the hunter's watchlist (the server page's read; null when it could not say), whose
 * shipments come first.
 */
export function Incoming({
  initialBoard,
  first,
  directory: firstDirectory,
  watched = null,
  firstMap = null,
}: {
  initialBoard: InitialBoard;
  first: IncomingReport | null;
  directory?: BoardDirectory | null;
  watched?: readonly string[] | null;
  /** The opening board's map, drawn by the server (shown until the interactive map has loaded). */
  firstMap?: ReactNode;
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
  const [view, setView] = useState<BoardOrNear>('board');
  const report = state.status === 'ready' ? state.data : null;
  const watchedSet = new Set(watched ?? []);
  // What matters to the hunter first: their watched products, each group the latest shipment first (the answer's order).
  const open = openShipments(report?.incoming ?? [], watchedSet);
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
      <ViewSwitch label="List shipments" options={BOARD_OR_NEAR} value={view} onChange={setView} />
      {view === 'near' ? (
        <Suspense fallback={<SkeletonList count={4} height={120} label="Loading what is on its way near you…" />}>
          <NearbyIncoming watched={watchedSet} distances={distances} directory={directory} />
        </Suspense>
      ) : (
        <ResourceView state={state} onRetry={reload} loading={<SkeletonList count={4} height={120} label="Loading what is on its way…" />}>
          {(data) => (
            <>
              <SummaryCard id="incoming-summary" title={`On its way to ${data.board.name}`} refreshing={refreshing} onRefresh={reload}>
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
              </SummaryCard>
              {open.length > 0 && <IncomingOnTheMap shipments={open} title={BOARD_MAP_TITLE} distances={distances} fallback={data === first ? firstMap : null} />}
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
                    <IncomingCard key={s.incoming_id} shipment={s} boardStores={data.board.retail_stores} watched={watchedSet.has(s.plu)} distances={distances ?? null} />
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
                      <IncomingCard key={s.incoming_id} shipment={s} boardStores={data.board.retail_stores} watched={watchedSet.has(s.plu)} distances={distances ?? null} />
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


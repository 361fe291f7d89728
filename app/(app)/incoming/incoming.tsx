'use client';

import Link from 'next/link';
import { useState } from 'react';
import { withBoard } from '@/lib/reports-client/boards';
import { formatUsDate, plural, price, usDateTime } from '@/lib/reports-client/format';
import type { BoardDirectory, IncomingReport, IncomingShipment } from '@/lib/reports/types';
import { PlaceLines, RecordNote } from '../../_components/forecast/places';
import { BoardHeader, directoryBoards, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { ErrorRetry } from '../../_components/reports/error-retry';
import { getJson } from '../../_components/reports/fetchers';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { SkeletonList } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { useResource } from '../../_components/reports/use-resource';

const SUBTITLES = {
  shelf: 'Hunted bottles the state shipped to this board, and the stores they are likely to reach, learned from how the board spread earlier shipments.',
  store_by_shipment: 'Hunted bottles the state shipped to this board’s one store, and when they should reach its shelf.',
  board: 'Hunted bottles the state shipped to this board. The state does not say which of its stores get them; the window is when they should reach a shelf.',
} as const;

/** The Incoming screen: a board's shipments on their way, where and when they are forecast to land, and its record. */
export function Incoming({ initialBoard, first, directory: firstDirectory }: { initialBoard: InitialBoard; first: IncomingReport | null; directory?: BoardDirectory | null }) {
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
  const data = state.status === 'ready' ? state.data : null;
  const open = data?.incoming.filter((s) => s.status === 'open') ?? [];
  const landed = data?.incoming.filter((s) => s.status === 'closed') ?? [];

  return (
    <div className="stack">
      <BoardHeader
        title="Incoming"
        subtitle={data ? SUBTITLES[data.board.precision] : 'Hunted bottles the state shipped, and where they are likely to land.'}
        board={{ ...board, choose }}
        info={null}
        directory={directory}
      />
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={reload} />}
      {state.status !== 'ready' && state.status !== 'error' && <SkeletonList count={4} height={120} label="Loading what is on its way…" />}
      {data && (
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
                { label: 'Stores named', value: new Set(open.flatMap((s) => s.places.filter((p) => p.named && p.store).map((p) => p.store!.store_id))).size },
              ]}
            />
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
              {open.map((s) => (
                <IncomingCard key={s.incoming_id} shipment={s} />
              ))}
            </div>
          )}
          {landed.length > 0 && (
            <section className="stack-sm" aria-labelledby="landed-heading">
              <h2 id="landed-heading">Recently closed</h2>
              {landed.map((s) => (
                <IncomingCard key={s.incoming_id} shipment={s} />
              ))}
            </section>
          )}
          <p className="report-note small" data-testid="incoming-footer">
            Forecasts are updated every 15 minutes from 7 AM to 9 PM as bottles show up on shelves. Read {usDateTime(data.checked_at)}.
          </p>
        </>
      )}
    </div>
  );
}

/** Named places shown before the rest fold away (a phone's screenful per shipment). */
const NAMED_SHOWN = 5;

/** One shipment: the product, what was shipped when, the likeliest named places, the rest and the "also possible" folded. */
function IncomingCard({ shipment: s }: { shipment: IncomingShipment }) {
  const named = s.places.filter((p) => p.named || p.outcome === 'arrived');
  const others = s.places.filter((p) => !(p.named || p.outcome === 'arrived'));
  const moreNamed = named.slice(NAMED_SHOWN);
  return (
    <article className="card incoming-card" data-testid="incoming-shipment" aria-labelledby={`incoming-${s.incoming_id}`}>
      <header>
        <div>
          <h3 id={`incoming-${s.incoming_id}`}>
            <Link className="product-name" href={`/products/${s.plu}`}>
              {s.name}
            </Link>
          </h3>
          <span className="product-meta">
            <ListingBadge type={s.listing_type} />
            <span>{price(s.retail_price)}</span>
            <span>PLU {s.plu}</span>
          </span>
        </div>
        <div className="muted small">
          {plural(s.units, 'bottle')} shipped {formatUsDate(s.ship_date)}
          <br />
          Forecast {usDateTime(s.forecast_at)}
          {s.updated_at !== s.forecast_at && <> · updated {usDateTime(s.updated_at)}</>}
        </div>
      </header>
      {named.length > 0 ? (
        <PlaceLines places={named.slice(0, NAMED_SHOWN)} boardName={s.board_name} />
      ) : (
        <p className="muted small incoming-more">No store is likely enough to name yet.</p>
      )}
      {moreNamed.length > 0 && (
        <details className="incoming-more">
          <summary>{plural(moreNamed.length, 'more store')} named</summary>
          <PlaceLines places={moreNamed} boardName={s.board_name} />
        </details>
      )}
      {others.length > 0 && (
        <details className="incoming-more">
          <summary>Less likely: {plural(others.length, 'store')}</summary>
          <PlaceLines places={others} boardName={s.board_name} />
        </details>
      )}
    </article>
  );
}

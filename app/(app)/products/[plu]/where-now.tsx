'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { recordHref } from '@/lib/reports-client/forecast';
import { bottleSize, formatUsDate, plural, price, usDate, usDateTime } from '@/lib/reports-client/format';
import { placeSentence, WHERE_SECTIONS } from '@/lib/reports-client/precision';
import type { NearbyStore } from '@/lib/places/types';
import type { WhereaboutsBoard } from '@/lib/reports/types';
import type { IncomingShipment, ProductWhereabouts } from '@/lib/forecast/types';
import { PlaceLines } from '../../../_components/forecast/place-lines';
import { getJson } from '../../../_components/data/get-json';
import { byNearest } from '../../../_components/places/distance-index';
import { useDistances, type Distances } from '../../../_components/places/distances';
import { Miles } from '../../../_components/places/miles';
import { ViewSwitch, type BoardOrNear, type ViewOption } from '../../../_components/places/view-switch';
import { LazyNcMap } from '../../../_components/places/lazy-map';
import { WHERE_MAP_EMPTY, WHERE_MAP_TITLE, whereMap } from './where-map';
import { ResourceView } from '../../../_components/data/resource-view';
import { ListingBadge } from '../../../_components/reports/listing-badge';
import { ShipmentDayNotes } from '../../../_components/reports/shipment-day-notes';
import { SkeletonList } from '../../../_components/reports/skeleton';
import { LastSeen, UnknownFigure, UnknownStockNote } from '../../../_components/reports/stock-age';
import { useResource } from '../../../_components/data/use-resource';
import { JourneyFrame, JourneyLoading } from './journey-frame';

// Where a product is now (GET /api/inventory/product/{plu}/where), in sections by how precisely each figure
// places the bottles (lib/reference/precision.ts): on the shelf (every board whose shelves are read), shipped
// to a board with one store (its store), shipped to a board (one of its stores, the state does not say which),
// and at the state warehouse. A shipment is never shown as a shelf. Reached from Current Inventory and
// Warehouse Inventory.

const FAILED = 'Failed to load where this product is';
/** A product shipped to every board would list ~150 lines: the latest ones first, the rest on request (a phone in a store line). */
const SHIPMENT_ROWS_SHOWN = 10;
/** Shipments on their way shown before "Show all". */
const ON_ITS_WAY_SHOWN = 3;
/** The shelves' two listings: by board (the default), or every store nearest first. */
const SHELF_ORDERS: readonly ViewOption<BoardOrNear>[] = [
  { value: 'board', label: 'By board' },
  { value: 'near', label: 'Nearest first' },
];

type ShelfStore = WhereaboutsBoard['stores'][number];

// Its journey from the price list to the shelves (issue 40): its own call and its own code, loaded by the browser
// once this screen has its answer, so the screen's first load does not carry it.
const Journey = dynamic(() => import('./journey').then((m) => m.Journey), {
  ssr: false,
  loading: () => (
    <JourneyFrame>
      <JourneyLoading />
    </JourneyFrame>
  ),
});

/** Nothing on a shelf, shipped or on its way: what there is to say of it is its journey, so it comes first. */
function notShippedYet(data: ProductWhereabouts): boolean {
  return data.boards.every((b) => b.stores.length === 0 && b.unknown_stores.length === 0) && data.shipments.length === 0 && data.on_its_way.length === 0;
}

/** `first`: the answer the server rendered; `firstMap`: its map, drawn by the server (shown until the interactive map has loaded). */
export function WhereNow({ plu, first, firstMap = null }: { plu: string; first?: ProductWhereabouts | null; firstMap?: ReactNode }) {
  const where = useResource<ProductWhereabouts>(
    plu,
    (signal) => getJson<ProductWhereabouts>(`/api/inventory/product/${encodeURIComponent(plu)}/where`, FAILED, signal),
    FAILED,
    { initial: first && { key: plu, data: first } },
  );
  const product = where.state.status === 'ready' ? where.state.data.product : null;
  const distances = useDistances();
  // The boards stay the default view; with a place saved, every store holding it can be listed nearest first (issue 39).
  const [order, setOrder] = useState<BoardOrNear>('board');

  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>{product ? product.name : where.state.status === 'error' ? 'Where is it now' : <span className="skeleton skeleton-title" aria-label="Loading the product" />}</h1>
          <p>Where is it now: on the shelves we read, shipped to boards whose shelves we cannot read, and at the state warehouse.</p>
        </div>
      </div>
      <ResourceView state={where.state} onRetry={where.reload} loading={<SkeletonList count={4} height={96} label="Loading where the product is…" />}>
        {(data) => (
          <>
            <section className="card stack-sm" aria-label="Product">
              <span className="product-meta">
                <ListingBadge type={data.product.listing_type} />
                <span>{price(data.product.retail_price)}</span>
                {data.product.size_ml ? <span>{bottleSize(data.product.size_ml)}</span> : null}
                <span>PLU {data.product.plu}</span>
              </span>
              <dl className="kv">
                <div>
                  <dt>On shelves we follow</dt>
                  <dd data-testid="where-total">
                    {plural(data.boards.reduce((n, b) => n + b.total_bottles, 0), 'bottle')} at {plural(data.boards.reduce((n, b) => n + b.stores.length, 0), 'store')}
                  </dd>
                </div>
                <div>
                  <dt>Shipped to boards</dt>
                  <dd data-testid="where-shipped-total">
                    {plural(data.shipments.reduce((n, s) => n + s.units, 0), 'bottle')} to {plural(data.shipments.length, 'board')} in the last {data.shipment_days} days
                  </dd>
                </div>
              </dl>
            </section>
            {notShippedYet(data) && <Journey plu={plu} />}
            <WhereOnTheMap data={data} distances={distances} fallback={data === first ? firstMap : null} />
            <OnItsWay shipments={data.on_its_way} />
            <section className="stack" aria-labelledby="where-shelf">
              <div className="row spread">
                <h2 id="where-shelf">{WHERE_SECTIONS.shelf}</h2>
                {distances && (
                  <ViewSwitch label="List the stores" options={SHELF_ORDERS} value={order} onChange={setOrder} />
                )}
              </div>
              {distances && order === 'near' ? (
                <NearestShelves boards={data.boards} distances={distances} />
              ) : (
                data.boards.map((board) => (
                  <BoardShelves key={board.board_id} board={board} days={data.shipment_days} shipped={data.shipments.find((s) => s.board_id === board.board_id)} distances={distances ?? null} />
                ))
              )}
            </section>
            <ShipmentDayNotes days={data.shipment_day_notes} />
            <ShipmentSection
              precision="store_by_shipment"
              days={data.shipment_days}
              rows={data.shipments.filter((s) => s.precision === 'store_by_shipment')}
              none={`No shipments of this product to a one-store board in the last ${data.shipment_days} days.`}
            />
            <ShipmentSection
              precision="board"
              days={data.shipment_days}
              rows={data.shipments.filter((s) => s.precision !== 'store_by_shipment')}
              none={`No shipments of this product to a board in the last ${data.shipment_days} days.`}
            >
              <Link href={`/statewide-shipments?search=${encodeURIComponent(data.product.name)}`}>Every shipment on Statewide Shipments</Link>
            </ShipmentSection>
            <section className="card stack-sm" aria-labelledby="where-at-warehouse" data-testid="where-warehouse-section">
              <h2 id="where-at-warehouse">{WHERE_SECTIONS.warehouse}</h2>
              <p data-testid="where-warehouse">
                {data.warehouse
                  ? placeSentence({ precision: 'warehouse', bottles: data.warehouse.current_inventory, checkedAt: data.warehouse.checked_at })
                  : 'Not on the warehouse report.'}
              </p>
            </section>
            {!notShippedYet(data) && <Journey plu={plu} />}
          </>
        )}
      </ResourceView>
    </div>
  );
}

/** The map (issue 39): the same facts as the sections below, in place; each point opens its store. */
function WhereOnTheMap({ data, distances, fallback }: { data: ProductWhereabouts; distances: Distances | null | undefined; fallback?: ReactNode }) {
  const { points, boards } = whereMap(data);
  return (
    <section className="card" aria-label="Map" data-testid="where-map">
      <LazyNcMap title={WHERE_MAP_TITLE} points={points} boards={boards} emptyText={WHERE_MAP_EMPTY} distances={distances} fallback={fallback} />
    </section>
  );
}

/** Shipments of the product still on their way, each board with the stores it is forecast to reach (named only). */
function OnItsWay({ shipments }: { shipments: IncomingShipment[] }) {
  const [all, setAll] = useState(false);
  if (shipments.length === 0) return null;
  // Shipments whose stores are named first (what a hunter can drive to), then the latest: a product shipped to a
  // dozen boards shows a few, the rest on request (the shelves come below).
  const ordered = [...shipments].sort((a, b) => Number(b.places.some((p) => p.store)) - Number(a.places.some((p) => p.store)));
  const shown = all ? ordered : ordered.slice(0, ON_ITS_WAY_SHOWN);
  return (
    <section className="stack-sm" aria-labelledby="where-on-its-way" data-testid="where-on-its-way">
      <h2 id="where-on-its-way">On its way</h2>
      {shown.map((s) => (
        <article key={s.incoming_id} className="card incoming-card" aria-labelledby={`way-${s.incoming_id}`}>
          <header>
            <h3 id={`way-${s.incoming_id}`}>On its way to {s.board_name}</h3>
            <span className="muted small">
              {plural(s.units, 'bottle')} shipped {formatUsDate(s.ship_date)} · forecast {usDateTime(s.updated_at)}
            </span>
          </header>
          <PlaceLines places={s.places} boardName={s.board_name} onlyStore={s.precision === 'store_by_shipment'} />
          <p className="small incoming-more">
            <Link href={`/incoming?board=${s.board_id}`}>Everything on its way to {s.board_name}</Link> ·{' '}
            <Link href={recordHref(s.board_id)}>How often forecasts were right</Link>
          </p>
        </article>
      ))}
      {shown.length < ordered.length && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAll(true)}>
          Show all {ordered.length} boards it is on its way to
        </button>
      )}
    </section>
  );
}

/** Every store holding the product, whatever its board, nearest to the hunter first (issue 39). */
function NearestShelves({ boards, distances }: { boards: WhereaboutsBoard[]; distances: Distances }) {
  const stores = byNearest(
    boards.flatMap((board) => board.stores.map((s) => ({ ...s, board: board.name, away: distances.of(s.store_id) }))),
    (s) => s.away,
  );
  if (!stores.length) return <p className="card muted">No store we follow holds it now.</p>;
  return (
    <section className="card stack-sm" aria-label="Stores holding it, nearest first" data-testid="where-nearest">
      <p className="muted small">Nearest to {distances.from} first, as the crow flies.</p>
      <ul className="item-lines">
        {stores.map((s) => (
          <ShelfStoreLine key={s.store_id} store={s} away={s.away}>
            <span>{s.board}</span>
          </ShelfStoreLine>
        ))}
      </ul>
    </section>
  );
}

/**
 * One store holding the product, in both listings: its name (to the store's page), its distance, `children` (what
 * places it: its board, or its address and whether it sells to permit holders only), since when, and its bottles.
 */
function ShelfStoreLine({ store, away, children }: { store: ShelfStore; away: NearbyStore | undefined; children: ReactNode }) {
  return (
    <li>
      <div className="item-main">
        <Link className="product-name" href={`/stores/${store.store_id}`}>
          {store.nickname}
        </Link>
        <span className="product-meta">
          <Miles store={away} />
          {children}
          {store.last_seen ? <LastSeen at={store.last_seen} /> : <span>since {usDateTime(store.last_updated)}</span>}
        </span>
      </div>
      <div className="item-figure">
        <strong>{store.quantity}</strong>
        <span className="muted small">{store.quantity === 1 ? 'bottle' : 'bottles'}</span>
      </div>
    </li>
  );
}

function BoardShelves({ board, days, shipped, distances }: { board: WhereaboutsBoard; days: number; shipped?: ProductWhereabouts['shipments'][number]; distances: Distances | null }) {
  const headingId = `where-board-${board.board_id}`;
  return (
    <section className="card stack-sm" aria-labelledby={headingId} data-testid="where-board">
      <div className="row spread">
        <h2 id={headingId}>{board.name}</h2>
        <span className="muted small">
          {board.stores.length ? plural(board.total_bottles, 'bottle') : board.unknown_stores.length ? 'Unknown' : 'None on shelves'}
        </span>
      </div>
      <p className="muted small">
        {board.last_check ? `Shelves last checked ${usDateTime(board.last_check)}` : 'Not checked yet'}
        {/* The window's total, dated by its latest shipment: never as one day's. */}
        {shipped ? ` · shipped ${plural(shipped.cases, 'case')} in the last ${days} days (latest ${usDate(shipped.last_ship_date)})` : ''}
      </p>
      {(board.failing || board.stale) && (
        <p className="alert alert-warn" role="status">
          {board.failing
            ? `The latest check of ${board.name}’s inventory failed: what is shown is from the last good check and may be out of date.`
            : board.last_check
              ? `${board.name}’s inventory has not been read for a day or more: what is shown may be out of date.`
              : `${board.name}’s inventory has not been read yet: its stores show nothing until it is.`}
        </p>
      )}
      {board.stores.length > 0 && (
        <ul className="item-lines">
          {board.stores.map((s) => (
            <ShelfStoreLine key={s.store_id} store={s} away={distances?.of(s.store_id)}>
              <span>{s.address}</span>
              {s.mixed_beverage === 1 && <span className="badge badge-mxb">Permit holders only</span>}
            </ShelfStoreLine>
          ))}
        </ul>
      )}
      {board.unknown_stores.length > 0 && (
        <div className="stack-sm unknown-stock" data-testid="where-unknown">
          <h3>Stock unknown</h3>
          <UnknownStockNote />
          <ul className="item-lines">
            {board.unknown_stores.map((s) => (
              <li key={s.store_id}>
                <div className="item-main">
                  <Link className="product-name" href={`/stores/${s.store_id}`}>
                    {s.nickname}
                  </Link>
                  <span className="product-meta">
                    <span>{s.address}</span>
                  </span>
                </div>
                <UnknownFigure bottles={s.last_quantity} at={s.last_seen} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type ShipmentRow = ProductWhereabouts['shipments'][number];

/** One precision's shipments over the window, the latest first, each line in its precision's words. */
function ShipmentSection({ precision, days, rows, none, children }: { precision: 'store_by_shipment' | 'board'; days: number; rows: ShipmentRow[]; none: string; children?: ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, SHIPMENT_ROWS_SHOWN);
  const headingId = `where-${precision}`;
  return (
    <section className="card stack-sm" aria-labelledby={headingId} data-testid={`where-shipped-${precision}`}>
      <h2 id={headingId}>{WHERE_SECTIONS[precision]}</h2>
      <p className="muted small">Last {days} days, from the state&apos;s daily shipment report.</p>
      {rows.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <ul className="item-lines">
          {shown.map((s) => (
            <li key={s.board_id} data-testid="where-shipment">
              <div className="item-main">
                <span>{shipmentSentence(s, days)}</span>
                {s.only_store ? (
                  <Link className="small" href={`/stores/${s.only_store.store_id}`}>
                    {s.only_store.nickname}
                  </Link>
                ) : (
                  <Link className="small" href={`/todays-arrivals?board=${s.board_id}&date=${s.last_ship_date}`}>
                    {`${s.board_name_clean} on ${usDate(s.last_ship_date)}`}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {shown.length < rows.length && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAll(true)}>
          Show all {rows.length} boards
        </button>
      )}
      {children}
    </section>
  );
}

/** A board's shipments within the window, in its precision's words (a sum over the window, never dated as one day's). */
function shipmentSentence(s: ShipmentRow, days: number): string {
  const shipped = { date: s.last_ship_date, cases: s.cases, units: s.units, withinDays: days };
  return s.precision === 'store_by_shipment' && s.only_store
    ? placeSentence({ precision: 'store_by_shipment', board: s.board_name_clean, store: s.only_store.nickname, ...shipped })
    : placeSentence({ precision: 'board', board: s.board_name_clean, stores: s.stores, ...shipped });
}

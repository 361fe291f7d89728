'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { boardAbc, boardName, freshness, WAKE_BOARD_ID, withBoard, type BoardOption } from '@/lib/reports-client/boards';
import { formatUsDate, usDate } from '@/lib/reports-client/format';
import { deliveryDayLabel, deliveryIntervalLabel, isMixedBeverage } from '@/lib/reports-client/stores';
import type { BoardEntry, CoveredBoards, Store, StoreHistory as History, StoreInventory as InventoryReport, StoreItem, Stores, StoreShipments, UnknownStoreItem } from '@/lib/reports/types';
import type { StoreExpected as StoreExpectedReport } from '@/lib/forecast/types';
import { callApi } from '../../../_components/data/call';
import { getJson } from '../../../_components/data/get-json';
import { ResourceView } from '../../../_components/data/resource-view';
import { coveredInfo, useCoveredBoards } from '../../../_components/reports/board-choice';
import { SkeletonList } from '../../../_components/reports/skeleton';
import { useResource, type Loaded } from '../../../_components/data/use-resource';
import { StoreExpected } from './store-expected';
import { StoreHistory } from './store-history';
import { StoreInventory } from './store-inventory';

interface InventoryData {
  store: Store;
  /** The store's covered board: the selector lists that board's stores. */
  boardId: number;
  inventory: StoreItem[];
  /** Products whose stock here the board stopped confirming: unknown, never counted as on the shelf. */
  unknown: UnknownStoreItem[];
  /** false: nothing is known about this store's shelves (its board does not publish them). */
  shelfRead: boolean;
  precision: BoardPrecision;
}

type BoardPrecision = BoardEntry['precision'];

/** The screen's view of GET /api/stores/{storeId}/inventory (the server's first answer and later loads alike). */
function inventoryData(answer: InventoryReport): InventoryData {
  return {
    store: answer.store,
    boardId: answer.board_id,
    inventory: answer.inventory,
    unknown: answer.stock_unknown,
    shelfRead: answer.shelf_read,
    precision: answer.precision,
  };
}

const NOT_FOUND = 'Store not found';
const FAILED = 'Failed to fetch store data';

/** The store's inventory; a failure says the store is not found, or FAILED whatever the server said. */
async function loadStore(storeId: string, signal: AbortSignal): Promise<Loaded<InventoryData>> {
  const res = await callApi<InventoryReport>(`/api/stores/${encodeURIComponent(storeId)}/inventory`, { failed: FAILED }, { signal });
  if (res.ok) return { ok: true, data: inventoryData(res.data) };
  return { ok: false, error: res.status === 404 ? NOT_FOUND : FAILED };
}

/** What the server page rendered: each part null when it could not (the screen then loads it itself). */
export interface StoreFirst {
  inventory: InventoryReport | null;
  history: History | null;
  stores: Stores | null;
  covered: CoveredBoards | null;
  /** What is forecast to reach the store this week. */
  expected: StoreExpectedReport | null;
}

/** `boards`: every board by name, to name the store's board. */
export function StoreDetail({ storeId, boards: boardList, first }: { storeId: string; boards: BoardOption[]; first?: StoreFirst }) {
  const router = useRouter();
  // The store being switched to, until its page arrives (then the URL's store wins again).
  const [switching, setSwitching] = useState<{ from: string; to: string } | null>(null);
  const [opening] = useState(() => {
    return first?.inventory ? { key: storeId, data: inventoryData(first.inventory) } : null;
  });
  const detail = useResource<InventoryData>(storeId, (signal) => loadStore(storeId, signal), FAILED, { initial: opening });
  const store = detail.state.status === 'ready' ? detail.state.data.store : null;
  // The selector lists the stores of this store's board (Wake's while the store cannot be shown).
  const boardId = detail.state.status === 'ready' ? detail.state.data.boardId : detail.state.status === 'error' ? WAKE_BOARD_ID : null;
  const stores = useResource<Stores>(
    boardId === null ? null : `stores:${boardId}`,
    (signal) => getJson<Stores>(withBoard('/api/stores', boardId!), 'Failed to fetch stores data', signal),
    undefined,
    { initial: opening && first?.stores && { key: `stores:${opening.data.boardId}`, data: first.stores } },
  );
  const storeList = stores.state.status === 'ready' ? stores.state.data.stores ?? [] : [];
  const boards = useCoveredBoards(first?.covered);
  const info = store && boardId !== null ? coveredInfo(boards.state, boardId) : null;
  const fresh = info ? freshness(info) : null;

  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>{store ? store.nickname : detail.state.status === 'error' ? 'Store' : <span className="skeleton skeleton-title" aria-label="Loading store" />}</h1>
          <p>{store ? `Store #${store.store_number} · ${store.region || boardAbc(boardId ?? WAKE_BOARD_ID, boardList)}` : 'ABC store'}</p>
          {fresh?.kind === 'ok' && (
            <p className="small board-check" data-testid="board-check">
              {boardAbc(boardId ?? WAKE_BOARD_ID, boardList)} · {fresh.text}
            </p>
          )}
        </div>
        <div className="field store-switch">
          <label htmlFor="store-select">Switch store</label>
          <select id="store-select" className="input" value={switching && switching.from === storeId ? switching.to : storeId} disabled={storeList.length === 0}
            onChange={(e) => {
              setSwitching({ from: storeId, to: e.target.value });
              router.push(`/stores/${e.target.value}`);
            }}>
            {storeList.length === 0 && <option value={storeId}>Loading stores…</option>}
            {storeList.map((s) => (
              <option key={s.store_id} value={String(s.store_id)}>
                #{s.store_number} {s.nickname}
              </option>
            ))}
          </select>
        </div>
      </div>

      {fresh?.kind === 'warn' && (
        <div className="alert alert-warn small" role="status" data-testid="board-freshness">
          {fresh.text}
        </div>
      )}
      <ResourceView
        state={detail.state}
        // Trying again does not make a missing store appear.
        onRetry={detail.state.status === 'error' && detail.state.error === NOT_FOUND ? undefined : detail.reload}
        loading={
          <>
            <div className="skeleton" style={{ height: 172 }} aria-hidden="true" />
            <SkeletonList count={4} height={80} label="Loading the store…" />
          </>
        }
      >
        {(data) => (
          <>
            <StoreInfo store={data.store} shelfRead={data.shelfRead} />
            <StoreExpected storeId={storeId} first={first?.expected} />
            {data.shelfRead ? (
              <StoreInventory items={data.inventory} unknown={data.unknown} />
            ) : (
              <UnreadShelves storeId={storeId} boardId={data.boardId} name={boardName(data.boardId, boardList)} precision={data.precision} />
            )}
          </>
        )}
      </ResourceView>
      {detail.state.status !== 'error' && (detail.state.status !== 'ready' || detail.state.data.shelfRead) && <StoreHistory storeId={storeId} first={first?.history} />}
    </div>
  );
}

/**
 * A store whose shelves are not read: said plainly, never an empty shelf. A board's only store has its board's
 * shipments as its delivery history; a store of a bigger board links to what was shipped to the board.
 */
function UnreadShelves({ storeId, boardId, name, precision }: { storeId: string; boardId: number; name: string; precision: BoardPrecision }) {
  const shipments = useResource<StoreShipments>(precision === 'store_by_shipment' ? `shipments:${storeId}` : null, (signal) =>
    getJson<StoreShipments>(`/api/stores/${encodeURIComponent(storeId)}/shipments?days=30`, 'Failed to load the shipments', signal),
  );
  if (precision !== 'store_by_shipment') {
    return (
      <section className="card stack-sm" data-testid="store-unread">
        <p>
          Shipments to {name} are not published per store:{' '}
          <Link href={`/todays-arrivals?board=${boardId}`}>
            see what was shipped to the board
          </Link>
          .
        </p>
      </section>
    );
  }
  return (
    <section className="card stack-sm" data-testid="store-unread">
      <p>{name} does not publish its shelves.</p>
      <h2>Shipments to this store</h2>
      <p className="muted small">{`What the state's daily report shipped to ${name}, whose only store this is, over the last 30 days.`}</p>
      <ResourceView state={shipments.state} onRetry={shipments.reload} loading={<div className="skeleton skeleton-line" style={{ width: '70%' }} />}>
        {(data) => <ShipmentDays all={data.days ?? []} />}
      </ResourceView>
    </section>
  );
}

/** The store's days with shipments, or with a note of their own. */
function ShipmentDays({ all }: { all: StoreShipments['days'] }) {
  // The days before the first report read share one note: said once, below the days that had shipments.
  const untracked = all.find((d) => d.status === 'not_tracked' && d.note)?.note ?? null;
  const days = all.filter((d) => d.shipments.length > 0 || (d.note && d.status !== 'not_tracked'));
  return (
    <>
      {days.length === 0 && !untracked && <p className="muted">No hunted products were shipped to it in the last 30 days.</p>}
      <ul className="store-lines shipment-day-lines" data-testid="store-shipments">
        {days.map((d) => (
          <li key={d.date} className="stack-sm">
            <strong>{formatUsDate(d.date)}</strong>
            {d.note && d.status !== 'not_tracked' && <span className="small alert alert-warn">{d.note}</span>}
            {d.shipments.map((s) => (
              <span key={s.shipment_id} className="small">
                {s.bourbon_name} (PLU {s.plu}): {s.cases} {s.cases === 1 ? 'case' : 'cases'} ({s.units} {s.units === 1 ? 'bottle' : 'bottles'})
              </span>
            ))}
          </li>
        ))}
      </ul>
      {untracked && <p className="small alert alert-warn">{untracked}</p>}
    </>
  );
}

/** `shelfRead`: delivery days and the last delivery come from shelf readings, so a store without them shows none. */
function StoreInfo({ store, shelfRead }: { store: Store; shelfRead: boolean }) {
  return (
    <section className="card" aria-label="Store information">
      <dl className="kv store-info">
        <div className="wide">
          <dt>Address</dt>
          <dd>{store.address}</dd>
        </div>
        {store.phone && (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>{store.phone}</a>
            </dd>
          </div>
        )}
        {store.hours && (
          <div className="wide">
            <dt>Hours</dt>
            <dd>{store.hours}</dd>
          </div>
        )}
        {shelfRead && (
          <>
            <div>
              <dt>Delivery day</dt>
              <dd data-testid="delivery-day">{deliveryDayLabel(store.delivery_day)}</dd>
            </div>
            <div>
              <dt>Delivery interval</dt>
              <dd data-testid="delivery-interval">{deliveryIntervalLabel(store.delivery_interval_days)}</dd>
            </div>
            <div>
              <dt>Last delivery</dt>
              <dd data-testid="last-delivery">{usDate(store.last_delivery_date)}</dd>
            </div>
          </>
        )}
        {isMixedBeverage(store) && (
          <div className="wide">
            <dt>Customers</dt>
            <dd>Mixed-beverage permit holders only</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

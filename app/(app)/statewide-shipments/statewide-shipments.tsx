'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  DEFAULT_SHIPMENT_DATE_RANGE,
  SEARCH_DEBOUNCE_MS,
  SHIPMENT_DATE_RANGES,
  SHIPMENT_PRODUCT_TYPES,
  SHIPMENT_VIEWS,
  type ShipmentDateRange,
  type ShipmentProductType,
  type ShipmentView,
} from '@/lib/reports-client/options';
import { findWakeBoard } from '@/lib/reports-client/shipments';
import type { Board, Boards, Shipment, Shipments, ShipmentDay } from '@/lib/reports/types';
import { useDebounced } from '../../_components/use-debounced';
import { ShipmentDayNotes } from '../../_components/reports/shipment-day-notes';
import { SkeletonList, SkeletonStats } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { callApi } from '../../_components/data/call';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource, type Loaded } from '../../_components/data/use-resource';
import { ShipmentGroups } from './shipment-groups';

const FAILED = 'Failed to fetch shipments data';

/** The shipments of the chosen range, and what the extract says about its days (notes on missing, late, partial days). */
interface ShipmentList {
  shipments: Shipment[];
  days: ShipmentDay[];
  /** How precisely each board's shipments place the bottles, by board id. */
  boardPrecision: NonNullable<Shipments['board_precision']>;
}

/** Every failure, a refusal too, says FAILED. */
async function loadShipments(query: string, signal: AbortSignal): Promise<Loaded<ShipmentList>> {
  const res = await callApi<Shipments>(`/api/state/shipments?${query}`, { failed: FAILED }, { signal });
  if (!res.ok || !Array.isArray(res.data.shipments)) return { ok: false, error: FAILED };
  return { ok: true, data: { shipments: res.data.shipments, days: res.data.days ?? [], boardPrecision: res.data.board_precision ?? {} } };
}

async function loadBoards(signal: AbortSignal): Promise<Loaded<Board[]>> {
  const res = await getJson<Boards>('/api/state/boards', 'Failed to load boards', signal);
  return res.ok ? { ok: true, data: res.data.boards } : res;
}

/** `first`: the server's answers for the opening filters (each null when it could not; the screen then loads it). */
export function StatewideShipments({ initialSearch, first }: { initialSearch: string; first?: { shipments: ShipmentList | null; boards: Board[] | null } }) {
  const router = useRouter();
  const [productType, setProductType] = useState<ShipmentProductType>('all-allocation-limited-barrel');
  const [boardId, setBoardId] = useState('all');
  const [dateRange, setDateRange] = useState<ShipmentDateRange>(DEFAULT_SHIPMENT_DATE_RANGE);
  const [text, setText] = useState(initialSearch);
  const [settledText, searchNow] = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const searchTerm = settledText.trim();
  const [view, setView] = useState<ShipmentView>('product');

  const boards = useResource<Board[]>('boards', loadBoards, undefined, { initial: first?.boards && { key: 'boards', data: first.boards } });
  const boardList = boards.state.status === 'ready' ? boards.state.data : [];
  const wake = findWakeBoard(boardList);

  const query = new URLSearchParams({ productType, boardId, searchTerm, dateRange }).toString();
  const [opening] = useState(() => new URLSearchParams({ productType, boardId, searchTerm, dateRange }).toString());
  const { state, reload } = useResource<ShipmentList>(query, (signal) => loadShipments(query, signal), FAILED, {
    initial: first?.shipments && { key: opening, data: first.shipments },
  });

  function back() {
    if (window.history.length > 1) router.back();
    else router.push('/warehouse-inventory');
  }

  return (
    <>
      <div className="row spread">
        <button type="button" className="btn btn-secondary btn-sm" onClick={back}>
          <span aria-hidden="true">←</span> Back
        </button>
        {wake && (
          <button type="button" className="btn btn-secondary btn-sm" aria-pressed={boardId === String(wake.board_id)}
            onClick={() => setBoardId(boardId === String(wake.board_id) ? 'all' : String(wake.board_id))}>
            {boardId === String(wake.board_id) ? 'Showing Wake County' : 'Wake County only'}
          </button>
        )}
      </div>

      <form className="card filters filter-grid ship-filters" onSubmit={(e) => { e.preventDefault(); searchNow(); }} aria-label="Filters">
        <div className="field span-2">
          <label htmlFor="ship-search">Search</label>
          <input id="ship-search" className="input" type="search" autoComplete="off" placeholder="Product name or NC code"
            value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="field span-2">
          <label htmlFor="ship-type">Product type</label>
          <select id="ship-type" className="input" value={productType} onChange={(e) => setProductType(e.target.value as ShipmentProductType)}>
            {SHIPMENT_PRODUCT_TYPES.map((t) => (
              <option key={t.value} value={t.value}>{t.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ship-board">Board</label>
          <select id="ship-board" className="input" value={boardId} onChange={(e) => setBoardId(e.target.value)}>
            <option value="all">All boards</option>
            {boardList.map((b) => (
              <option key={b.board_id} value={String(b.board_id)}>{b.board_name_clean}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ship-range">Dates</label>
          <select id="ship-range" className="input" value={dateRange} onChange={(e) => setDateRange(e.target.value as ShipmentDateRange)}>
            {SHIPMENT_DATE_RANGES.map((r) => (
              <option key={r.value} value={r.value}>{r.label}</option>
            ))}
          </select>
        </div>
      </form>

      <div className="seg" role="group" aria-label="View">
        {SHIPMENT_VIEWS.map((v) => (
          <button key={v.value} type="button" aria-pressed={view === v.value} onClick={() => setView(v.value)}>
            {v.label}
          </button>
        ))}
      </div>

      <ResourceView
        state={state}
        onRetry={reload}
        loading={
          <>
            <SkeletonStats count={4} />
            <SkeletonList count={6} height={64} label="Loading shipments…" />
          </>
        }
      >
        {({ shipments, days, boardPrecision }) => (
          <>
            {/* Days the extract did not cover, or covered only in part: said in words, never left to look like "nothing shipped". */}
            <ShipmentDayNotes days={days} />
            <Stats
              label="Shipments summary"
              items={[
                { label: 'Shipments', value: shipments.length.toLocaleString('en-US') },
                { label: 'Cases', value: shipments.reduce((n, s) => n + (s.cases ?? 0), 0).toLocaleString('en-US') },
                { label: 'Products', value: new Set(shipments.map((s) => s.nc_code)).size },
                { label: 'Boards', value: new Set(shipments.map((s) => s.board_id)).size },
              ]}
            />
            {shipments.length === 0 ? (
              <div className="card empty-state" data-testid="shipments-empty">
                <p>No shipments match these filters. Try a longer date range or all boards.</p>
              </div>
            ) : (
              <ShipmentGroups key={`${view}:${query}`} view={view} shipments={shipments} boardPrecision={boardPrecision} />
            )}
          </>
        )}
      </ResourceView>
    </>
  );
}

'use client';

import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { bottleSize, price } from '@/lib/reports-client/format';
import { boardAbc, boardName, withBoard } from '@/lib/reports-client/boards';
import { toggleType, typePasses } from '@/lib/reports-client/listing-types';
import { matchesSearch } from '@/lib/text/search';
import type { AllocatedCurrent, BoardDirectory, UnknownProduct } from '@/lib/reports/types';
import type { IncomingReport, IncomingShipment } from '@/lib/forecast/types';
import { BoardHeader, coveredInfo, directoryBoards, directoryEntry, useBoard, useBoardDirectory, type InitialBoard } from '../../_components/reports/board-choice';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { SkeletonList, SkeletonStats } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { ShelvesNotRead } from '../../_components/reports/shelves-not-read';
import { UnknownFigure, UnknownStockNote } from '../../_components/reports/stock-age';
import { TypeFilter } from '../../_components/reports/type-filter';
import { useResource } from '../../_components/data/use-resource';
import { ProductCard } from './product-card';

/** `first`: the opening board's inventory, rendered by the server; `directory`: every board (GET /api/boards), as the server read it. */
export function CurrentInventory({
  initialSearch = '',
  initialBoard,
  first,
  directory: firstDirectory,
}: {
  initialSearch?: string;
  initialBoard: InitialBoard;
  first?: AllocatedCurrent | null;
  directory?: BoardDirectory | null;
}) {
  const board = useBoard(initialBoard);
  const boards = board.covered;
  const boardId = board.boardId;
  const directory = directoryBoards(useBoardDirectory(firstDirectory).state);
  const entry = directoryEntry(directory, boardId);
  const abc = boardAbc(boardId, board.boards);
  // The server's answer is for the opening board only: another board, or coming back later, loads afresh.
  const [opening, setOpening] = useState(first);
  const choose = (id: number) => {
    setOpening(null);
    board.choose(id);
  };
  return (
    <div className="stack">
      <BoardHeader title="Current Inventory" subtitle={entry && entry.precision !== 'shelf' ? 'Allocated, limited and barrel bottles on store shelves right now, for the boards that publish them.' : `Allocated, limited and barrel bottles on ${abc} shelves right now.`} board={{ ...board, choose }}
        info={coveredInfo(boards.state, boardId)} directory={directory} />
      {/* No shelf call until the directory says the board's shelves are read: an empty answer would read as empty shelves. */}
      {entry === null ? (
        <SkeletonList count={4} height={72} label="Loading the board…" />
      ) : entry.precision !== 'shelf' ? (
        <ShelvesNotRead boardId={boardId} name={entry.name} />
      ) : (
        <>
          <aside className="alert alert-warn small disclaimers" aria-label="Before you go">
            <ul>
              <li>Counts come from public {abc} pages and may not be real-time.</li>
              <li>Mixed-beverage permit holders (bars and restaurants) can claim bottles too, so shelves empty fast.</li>
              <li>Call the store before you drive there.</li>
            </ul>
          </aside>
          <InventoryList key={boardId} boardId={boardId} boardName={boardName(boardId, board.boards)} initialSearch={initialSearch} first={opening} />
        </>
      )}
    </div>
  );
}

/** One board's hunted bottles: summary, filters and the product cards (a new board starts afresh). */
function InventoryList({ boardId, boardName, initialSearch, first }: { boardId: number; boardName: string; initialSearch: string; first?: AllocatedCurrent | null }) {
  const { state, reload } = useResource<AllocatedCurrent>(
    `inventory:${boardId}`,
    (signal) => getJson<AllocatedCurrent>(withBoard('/api/inventory/allocated-current', boardId), 'Failed to fetch inventory data', signal),
    undefined,
    { initial: first && { key: `inventory:${boardId}`, data: first } },
  );
  // What is on its way to the board (the Incoming screen's answer): a card says where more of its product is heading.
  const incoming = useResource<IncomingReport>(`incoming:${boardId}`, (signal) => getJson<IncomingReport>(withBoard('/api/incoming', boardId), '', signal));
  const onItsWay = new Map<string, IncomingShipment[]>();
  if (incoming.state.status === 'ready') {
    for (const s of incoming.state.data.incoming) if (s.status === 'open') onItsWay.set(s.plu, [...(onItsWay.get(s.plu) ?? []), s]);
  }
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState(initialSearch);
  const deferredQuery = useDeferredValue(query);

  return (
    <ResourceView
      state={state}
      onRetry={reload}
      loading={
        <>
          <SkeletonStats count={3} />
          <div className="skeleton" style={{ height: 96 }} aria-hidden="true" />
          <SkeletonList count={6} height={72} label="Loading inventory…" />
        </>
      }
    >
      {({ products = [], summary, stock_unknown: unknown = [] }) => {
        // Products per listing type for the badges (the summary also has each type's bottles).
        const counts = Object.fromEntries(Object.entries(summary?.byListingType ?? {}).map(([type, totals]) => [type, totals.count]));
        const visible = products.filter((p) => typePasses(p.Listing_Type, selected) && matchesSearch(deferredQuery, p.product_name, p.plu));
        return (
          <>
            <Stats
              label="Inventory summary"
              items={[
                { label: 'Products', value: (summary?.totalProducts ?? products.length).toLocaleString('en-US') },
                { label: 'Bottles', value: (summary?.totalBottles ?? 0).toLocaleString('en-US') },
                { label: 'Stores', value: (summary?.uniqueStores ?? 0).toLocaleString('en-US') },
              ]}
            />
            <div className="card filters">
              <div className="field">
                <label htmlFor="inventory-search">Search by name or PLU</label>
                <input id="inventory-search" className="input" type="search" inputMode="search" autoComplete="off"
                  placeholder="e.g. Blanton or 12345" value={query} onChange={(e) => setQuery(e.target.value)} />
              </div>
              <TypeFilter counts={counts} selected={selected} onToggle={(t) => setSelected((s) => toggleType(s, t))}
                onClear={() => setSelected(new Set())} />
            </div>
            <p className="muted small" aria-live="polite" data-testid="inventory-count">
              Showing {visible.length} of {products.length} products
            </p>
            {products.length === 0 ? (
              <div className="card empty-state" data-testid="inventory-empty">
                <p>
                  No allocated, limited or barrel bottles are on {boardName} shelves right now. They usually sell within hours to a
                  few days of a delivery: check Today&apos;s Arrivals for the next one.
                </p>
              </div>
            ) : visible.length === 0 ? (
              <div className="card empty-state">
                <p>No products match. Try another name, or show all types.</p>
              </div>
            ) : (
              <div className="stack-sm">
                {visible.map((p) => (
                  <ProductCard key={p.plu} product={p} boardId={boardId} onItsWay={onItsWay.get(p.plu) ?? []} />
                ))}
              </div>
            )}
            <UnknownProducts products={unknown.filter((p) => typePasses(p.Listing_Type, selected) && matchesSearch(deferredQuery, p.product_name, p.plu))} />
          </>
        );
      }}
    </ResourceView>
  );
}

/** Products the board stopped confirming: their last known stock, as unknown — never counted as on shelves. */
function UnknownProducts({ products }: { products: UnknownProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className="card stack-sm unknown-stock" aria-labelledby="unknown-heading" data-testid="inventory-unknown">
      <h2 id="unknown-heading">Stock unknown</h2>
      <UnknownStockNote />
      <ul className="item-lines">
        {products.map((p) => (
          <li key={p.plu}>
            <div className="item-main">
              <Link className="product-name" href={`/products/${p.plu}`}>
                {p.product_name}
              </Link>
              <span className="product-meta">
                <ListingBadge type={p.Listing_Type} />
                <span>{price(p.retail_price)}</span>
                {p.size_ml ? <span>{bottleSize(p.size_ml)}</span> : null}
                <span>
                  PLU {p.plu} · {p.stores_unknown} {p.stores_unknown === 1 ? 'store' : 'stores'}
                </span>
              </span>
            </div>
            <UnknownFigure bottles={p.last_bottles} at={p.last_seen} />
          </li>
        ))}
      </ul>
    </section>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { bottleSize, price, usDateTime } from '@/lib/reports-client/format';
import type { AllocatedProduct, ProductStores } from '@/lib/reports/types';
import type { IncomingShipment } from '@/lib/forecast/types';
import { onItsWayCardLine, recordHref } from '@/lib/reports-client/forecast';
import { withBoard } from '@/lib/reports-client/boards';
import { isMixedBeverage } from '@/lib/reports-client/stores';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource } from '../../_components/data/use-resource';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { SkeletonList } from '../../_components/reports/skeleton';
import { LastSeen, UnknownFigure } from '../../_components/reports/stock-age';

type Stores = Pick<ProductStores, 'stores' | 'unknown_stores'>;

const STORES_FAILED = 'Failed to load the stores for this product.';

/**
 * A product; its stores load the first time the card is opened. (The API leaves them out of the list; an
 * answer that does include them is used as it is.)
 */
export function ProductCard({ product: p, boardId, onItsWay = [] }: { product: AllocatedProduct; boardId: number; onItsWay?: IncomingShipment[] }) {
  const given = p.stores?.length ? { key: p.plu, data: { stores: p.stores, unknown_stores: [] } } : null;
  const [opened, setOpened] = useState(false);
  const { state, reload } = useResource<Stores>(
    given || opened ? p.plu : null,
    // A failure says the same words, whatever the server said.
    (signal) =>
      getJson<ProductStores>(withBoard(`/api/inventory/product/${encodeURIComponent(p.plu)}/stores`, boardId), STORES_FAILED, signal).then((res) =>
        res.ok ? res : { ok: false, error: STORES_FAILED },
      ),
    undefined,
    { initial: given },
  );

  return (
    <details className="card product-card" data-testid="inventory-product"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}>
      <summary>
        <span className="product-card-title">
          <span className="product-name">{p.product_name}</span>
          <span className="product-meta">
            <ListingBadge type={p.Listing_Type} />
            <span>{price(p.retail_price)}</span>
            {p.size_ml ? <span>{bottleSize(p.size_ml)}</span> : null}
            <span>PLU {p.plu}</span>
          </span>
          {onItsWay.length > 0 && (
            <span className="on-its-way" data-testid="card-on-its-way">
              {onItsWayCardLine(onItsWay)}
            </span>
          )}
        </span>
        <span className="product-card-figures">
          <strong>{p.total_bottles}</strong> {p.total_bottles === 1 ? 'bottle' : 'bottles'}
          <span className="muted"> · {p.stores_with_stock} {p.stores_with_stock === 1 ? 'store' : 'stores'}</span>
          {p.stores_unknown > 0 && <span className="muted small"> · {p.stores_unknown} unknown</span>}
          {p.last_seen && (
            <>
              <br />
              <LastSeen at={p.last_seen} />
            </>
          )}
        </span>
      </summary>
      <div className="product-card-body">
        <ResourceView
          state={state}
          onRetry={reload}
          loading={<SkeletonList count={Math.min(Math.max(p.stores_with_stock, 1), 4)} height={52} label="Loading stores…" />}
        >
          {({ stores, unknown_stores: unknown }) => (
            <>
              {stores.length === 0 ? (
                <p className="muted">No store has this product right now.</p>
              ) : (
                <ul className="store-lines">
                  {stores.map((s) => (
                    <li key={s.store_id}>
                      <div>
                        <Link href={`/stores/${s.store_id}`} className="store-link">
                          {s.nickname} <span className="muted">#{s.store_number}</span>
                        </Link>
                        {isMixedBeverage(s) && <span className="badge badge-mxb">MXB only</span>}
                        <div className="muted small">{s.address}</div>
                        {s.last_seen ? (
                          <LastSeen at={s.last_seen} />
                        ) : (
                          s.last_updated && <div className="muted small">Since {usDateTime(s.last_updated)}</div>
                        )}
                      </div>
                      <div className="store-line-figures">
                        <strong>{s.quantity}</strong>
                        <span className="muted small">{s.quantity === 1 ? 'bottle' : 'bottles'}</span>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {unknown.length > 0 && (
                <ul className="store-lines" aria-label="Stores whose stock is unknown" data-testid="unknown-stores">
                  {unknown.map((s) => (
                    <li key={s.store_id}>
                      <div>
                        <Link href={`/stores/${s.store_id}`} className="store-link">
                          {s.nickname} <span className="muted">#{s.store_number}</span>
                        </Link>
                        <div className="muted small">{s.address}</div>
                      </div>
                      <UnknownFigure bottles={s.last_quantity} at={s.last_seen} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </ResourceView>
        {onItsWay.length > 0 && (
          <p className="small">
            <Link href={`/incoming?board=${boardId}`}>More on its way: where and when</Link> ·{' '}
            <Link href={recordHref(boardId)}>How often forecasts were right</Link>
          </p>
        )}
        <Link className="where-link" href={`/products/${p.plu}`}>
          Where is it now: every board, the warehouse, shipments →
        </Link>
      </div>
    </details>
  );
}

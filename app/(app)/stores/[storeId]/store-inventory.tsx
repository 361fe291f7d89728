'use client';

import { useDeferredValue, useState } from 'react';
import { bottleSize, price } from '@/lib/reports-client/format';
import { normalizeListingType, toggleType, typePasses } from '@/lib/reports-client/listing-types';
import { matchesSearch } from '@/lib/text/search';
import type { StoreItem, UnknownStoreItem } from '@/lib/reports/types';
import { ListingBadge } from '../../../_components/reports/listing-badge';
import { ProductImage } from '../../../_components/reports/product-image';
import { LastSeen, UnknownFigure, UnknownStockNote } from '../../../_components/reports/stock-age';
import { TypeFilter } from '../../../_components/reports/type-filter';

const PAGE = 40;

/**
 * The store's shelf now: hunted types first (the API's order), filterable by type and name, 40 at a time;
 * each number the board did not confirm when it should have says when it was last seen, and products whose
 * stock is unknown are listed apart.
 */
export function StoreInventory({ items, unknown = [] }: { items: StoreItem[]; unknown?: UnknownStoreItem[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const search = useDeferredValue(query);
  const counts: Record<string, number> = {};
  for (const item of items) {
    const t = normalizeListingType(item.Listing_Type);
    counts[t] = (counts[t] ?? 0) + 1;
  }
  const visible = items.filter(
    (i) => typePasses(i.Listing_Type, selected) && matchesSearch(search, i.brand_name || i.product_name, i.nc_code),
  );
  const bottles = items.reduce((n, i) => n + (i.quantity ?? 0), 0);

  return (
    <section className="card stack-sm" aria-labelledby="inventory-heading">
      <div className="row spread">
        <h2 id="inventory-heading">Current inventory</h2>
        <span className="muted small">
          {items.length} {items.length === 1 ? 'product' : 'products'} · {bottles.toLocaleString('en-US')} {bottles === 1 ? 'bottle' : 'bottles'}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="muted">Nothing tracked on the shelf right now.</p>
      ) : (
        <>
          {items.length > 8 && (
            <div className="field">
              <label htmlFor="store-inventory-search" className="sr-only">Search this store</label>
              <input id="store-inventory-search" className="input" type="search" autoComplete="off" placeholder="Search this store by name or PLU"
                value={query} onChange={(e) => { setQuery(e.target.value); setLimit(PAGE); }} />
            </div>
          )}
          <TypeFilter counts={counts} selected={selected} onClear={() => { setSelected(new Set()); setLimit(PAGE); }}
            onToggle={(t) => { setSelected((s) => toggleType(s, t)); setLimit(PAGE); }} />
          {visible.length === 0 ? (
            <p className="muted">No product here matches.</p>
          ) : (
            <ul className="item-lines" data-testid="store-inventory">
              {visible.slice(0, limit).map((item) => (
                <li key={item.nc_code}>
                  <ProductImage imageUrl={item.images?.image_url} imagePath={item.images?.image_path} size={44} />
                  <div className="item-main">
                    <span className="product-name">{item.brand_name || item.product_name}</span>
                    <span className="product-meta">
                      <ListingBadge type={item.Listing_Type} />
                      <span>{price(item.retail_price)}</span>
                      {item.size_ml ? <span>{bottleSize(item.size_ml)}</span> : null}
                      <span>PLU {item.nc_code}</span>
                    </span>
                    <LastSeen at={item.last_seen} />
                  </div>
                  <div className="item-figure">
                    <strong>{item.quantity}</strong>
                    <span className="muted small">{item.quantity === 1 ? 'bottle' : 'bottles'}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {visible.length > limit && (
            <button type="button" className="btn btn-secondary btn-block" onClick={() => setLimit((l) => l + PAGE)}>
              Show more ({visible.length - limit} left)
            </button>
          )}
        </>
      )}
      {unknown.length > 0 && (
        <div className="stack-sm unknown-stock" data-testid="store-unknown">
          <h3>Stock unknown</h3>
          <UnknownStockNote />
          <ul className="item-lines">
            {unknown.map((item) => (
              <li key={item.nc_code}>
                <ProductImage imageUrl={item.images?.image_url} imagePath={item.images?.image_path} size={44} />
                <div className="item-main">
                  <span className="product-name">{item.brand_name || item.product_name}</span>
                  <span className="product-meta">
                    <ListingBadge type={item.Listing_Type} />
                    <span>PLU {item.nc_code}</span>
                  </span>
                </div>
                <UnknownFigure bottles={item.last_quantity} at={item.last_seen} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

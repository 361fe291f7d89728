'use client';

import { useMemo, useRef, useState } from 'react';
import {
  countByType,
  DEFAULT_PAGE_SIZE,
  filterByType,
  formatPrice,
  formatSize,
  pageOf,
  premiumRuleText,
  TYPE_FILTERS,
  TYPE_LABELS,
  type TypeFilter,
} from '@/lib/watchlist/rules';
import type { DefaultProduct } from '@/lib/watchlist/types';
import { ResourceView } from '../../_components/data/resource-view';
import type { ResourceState } from '../../_components/data/use-resource';
import { Banner, type Message } from '../../_components/form';
import { Switch } from './switch';

interface Switches {
  offByPlu: ReadonlyMap<string, number>;
  isSwitching: (plu: string) => boolean;
  onSwitch: (product: DefaultProduct, watching: boolean) => void;
}

/** The default list: type filters, 20 products a page, and a switch per product. */
export function DefaultProducts({
  state,
  onRetry,
  notice,
  onDismissNotice,
  premiumMinPrice,
  ...switches
}: Switches & {
  state: ResourceState<{ products: DefaultProduct[] }>;
  onRetry: () => void;
  notice: Message | null;
  onDismissNotice: () => void;
  premiumMinPrice: number;
}) {
  const top = useRef<HTMLElement>(null);

  return (
    <section id="default-products" ref={top} className="card stack wl-section" aria-labelledby="defaults-heading">
      <div>
        <h2 id="defaults-heading">Default products</h2>
        <p className="muted small">
          Every Allocation, Limited and Barrel product, every new release the state has not classified yet, and Premium ones are on your watchlist unless you switch them off.{' '}
          <span data-testid="premium-rule">
            {premiumRuleText(premiumMinPrice)} The price is set by the site operator.
          </span>
        </p>
      </div>

      <Banner message={notice} testId="defaults-notice" className="nowrap"
        action={{ label: '✕', ariaLabel: 'Dismiss message', onClick: onDismissNotice }} />

      <ResourceView
        state={state}
        onRetry={onRetry}
        loading={
          <p className="muted" role="status">
            Loading default products…
          </p>
        }
      >
        {({ products }) => <ProductList products={products} {...switches} onPageTurn={() => top.current?.scrollIntoView({ block: 'start' })} />}
      </ResourceView>
    </section>
  );
}

/** The loaded list, filtered by type and paged; a new page shows from its top (`onPageTurn`). */
function ProductList({ products, offByPlu, isSwitching, onSwitch, onPageTurn }: Switches & { products: DefaultProduct[]; onPageTurn: () => void }) {
  const [filter, setFilter] = useState<TypeFilter>('all');
  const [page, setPage] = useState(1);

  const counts = useMemo(() => countByType(products), [products]);
  const filtered = useMemo(() => filterByType(products, filter), [products, filter]);
  const shown = pageOf(filtered, page, DEFAULT_PAGE_SIZE);

  const choose = (next: TypeFilter) => {
    setFilter(next);
    setPage(1);
  };
  const go = (next: number) => {
    setPage(next);
    onPageTurn();
  };

  return (
    <>
      <div className="wl-filters" role="group" aria-label="Filter by type">
        {TYPE_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="wl-filter"
            aria-pressed={filter === f}
            onClick={() => choose(f)}
          >
            {TYPE_LABELS[f]} <span className="wl-filter-count">{counts[f]}</span>
          </button>
        ))}
      </div>

      <p className="muted small wl-range" aria-live="polite" data-testid="defaults-range">
        {shown.total
          ? `Showing ${shown.from}–${shown.to} of ${shown.total} ${filter === 'all' ? '' : `${TYPE_LABELS[filter]} `}products`
          : 'No products of this type right now.'}
      </p>

      <ul className="wl-list" aria-label="Default products" data-testid="default-list">
        {shown.items.map((p) => {
          const watching = !offByPlu.has(p.plu);
          return (
            <li key={p.plu} className={`wl-row${watching ? '' : ' wl-row-off'}`} data-plu={p.plu}>
              <div className="wl-row-main">
                <span className="wl-name">{p.brand_name}</span>
                <span className="wl-meta">
                  PLU {p.plu} · {formatSize(p.size_ml)}
                  {p.bottles_per_case ? ` · ${p.bottles_per_case} per case` : ''}
                </span>
              </div>
              <div className="wl-row-facts">
                <span className={`badge badge-type wl-type type-${p.listing_type_key}`}>{TYPE_LABELS[p.listing_type_key]}</span>
                <span className="wl-price">{formatPrice(p.retail_price)}</span>
              </div>
              <div className="wl-row-actions">
                <Switch
                  checked={watching}
                  label={`Watch ${p.brand_name}, PLU ${p.plu}`}
                  busy={isSwitching(p.plu)}
                  onText="Watching"
                  offText="Off"
                  onChange={(next) => onSwitch(p, next)}
                />
              </div>
            </li>
          );
        })}
      </ul>

      {shown.totalPages > 1 && (
        <nav className="wl-pager" aria-label="Default products pages">
          <button type="button" className="btn btn-secondary btn-sm" disabled={shown.page <= 1} onClick={() => go(shown.page - 1)}>
            ← Previous
          </button>
          <span className="wl-page" data-testid="defaults-page">
            Page {shown.page} of {shown.totalPages}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={shown.page >= shown.totalPages}
            onClick={() => go(shown.page + 1)}
          >
            Next →
          </button>
        </nav>
      )}
    </>
  );
}

'use client';

import Link from 'next/link';
import { useDeferredValue, useEffect, useState } from 'react';
import { legacyWarehouseCacheKey, WAREHOUSE_TTL_MS, warehouseCacheKey } from '@/lib/reports-client/cache';
import { usDate } from '@/lib/reports-client/format';
import { DEFAULT_WAREHOUSE_PERIOD, SEARCH_DEBOUNCE_MS, WAREHOUSE_PERIODS, type WarehousePeriod } from '@/lib/reports-client/options';
import type { WarehouseInventory as Inventory, WarehouseMeta, WarehouseProduct } from '@/lib/reports/types';
import {
  DEFAULT_WAREHOUSE_FILTERS,
  filterWarehouse,
  MIN_LISTED_SEARCH,
  productCode,
  showsListed,
  WAREHOUSE_TYPE_FILTERS,
  warehouseRequest,
  type WarehouseFilters,
  type WarehouseRequest,
  type WarehouseTypeFilter,
} from '@/lib/reports-client/warehouse';
import { errorText } from '../../_components/api';
import { useDebounced } from '../../_components/use-debounced';
import { readCache, removeCache, writeCache } from '../../_components/data/local-cache';
import { SkeletonGrid } from '../../_components/reports/skeleton';
import { callApi } from '../../_components/data/call';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource, type Loaded } from '../../_components/data/use-resource';
import { WarehouseCard } from './warehouse-card';

interface WarehouseData {
  products: WarehouseProduct[];
  meta: WarehouseMeta;
}

const PAGE = 60;
const FAILED = 'Failed to fetch warehouse inventory';

/** The screen's view of an answer (the server's first one and later loads alike). */
const warehouseData = (answer: Inventory): WarehouseData => ({ products: answer.products, meta: answer.meta });

/**
 * Only what the type filter needs is fetched (warehouseRequest): the hunted set, or Listed as the server's
 * matches of a search. The hunted answer is cached per period for 4 hours; each visit revalidates with
 * If-None-Match (the cached meta.file_modified) and a 304 keeps the cache. Without a connection a fresh cache
 * is shown as it is. Searches are not kept: each is small and quick, and there would be one per keystroke.
 */
async function loadWarehouse(period: WarehousePeriod, request: WarehouseRequest, signal: AbortSignal): Promise<Loaded<WarehouseData>> {
  const key = request.search ? null : warehouseCacheKey(period, request.listingTypes);
  removeCache(legacyWarehouseCacheKey(period));
  const cached = key ? readCache<WarehouseData>(key, WAREHOUSE_TTL_MS) : null;
  const tag = cached?.value.meta?.file_modified;
  const params = new URLSearchParams({ timePeriod: period, listingTypes: request.listingTypes });
  if (request.search) params.set('search', request.search);
  const res = await callApi<Inventory>(
    `/api/reports/warehouse-inventory?${params}`,
    { failed: FAILED },
    { signal, headers: tag ? { 'If-None-Match': tag } : undefined },
  );
  if (res.ok && res.data.success === true) {
    const data = warehouseData(res.data);
    if (key) writeCache(key, data);
    return { ok: true, data };
  }
  // Unchanged since the cached copy (304), or no connection (a store's back room): a fresh cached copy beats an error.
  if (cached && (res.status === 304 || (!res.ok && res.network))) return { ok: true, data: cached.value };
  // A 2xx that is not the read's answer (the spec's `{ success: false }`) is said, never shown as no products.
  if (res.ok || (!res.network && res.status < 300)) return { ok: false, error: errorText(res.data) ?? 'Unknown error occurred' };
  return { ok: false, error: res.error };
}

/** The answer's products the filters keep, most bottles first, `limit` of them; `refreshing`: a new answer is on its way. */
function Products({ data: { products: all, meta }, filters, listed, limit, refreshing, onMore }: {
  data: WarehouseData;
  filters: WarehouseFilters;
  listed: boolean;
  limit: number;
  refreshing: boolean;
  onMore: () => void;
}) {
  const visible = filterWarehouse(all, filters).sort(
    (a, b) => (b.current_inventory ?? 0) - (a.current_inventory ?? 0) || a.product_name.localeCompare(b.product_name),
  );
  return (
    <>
      {listed && meta?.listedMatches != null && meta.listedMatches > (meta.listedLimit ?? Infinity) && (
        <p className="alert alert-info" role="status" data-testid="listed-limit">
          {meta.listedMatches} Listed products match “{meta.search}”: these are the first {meta.listedLimit} by name.
          Type more of the name to narrow it down.
        </p>
      )}
      <p className="muted small" aria-live="polite" aria-busy={refreshing} data-testid="warehouse-count">
        Showing {Math.min(limit, visible.length)} of {visible.length} products
        {visible.length !== all.length ? ` (${all.length} in total)` : ''}
        {meta?.startDate ? ` · ${usDate(meta.startDate)} – ${usDate(meta.endDate)}` : ''}
        {refreshing ? ' · updating…' : ''}
      </p>
      {visible.length === 0 && refreshing ? (
        <SkeletonGrid count={6} height={196} label="Loading warehouse inventory…" />
      ) : visible.length === 0 ? (
        <div className="card empty-state">
          <p>No products match these filters.</p>
        </div>
      ) : (
        <ul className="card-grid list-plain" aria-label="Warehouse products">
          {visible.slice(0, limit).map((p) => (
            <li key={p.plu || p.nc_code || p.product_name} className="wh-item">
              <WarehouseCard product={p} />
              {productCode(p) && (
                <Link className="where-link" href={`/products/${productCode(p)}`}>
                  Where is it now<span className="sr-only">: {p.product_name}</span> →
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {visible.length > limit && (
        <button type="button" className="btn btn-secondary btn-block" onClick={onMore}>
          Show more ({visible.length - limit} left)
        </button>
      )}
    </>
  );
}

/** `first`: the default period's hunted answer, rendered by the server. */
export function WarehouseInventory({ first }: { first?: Inventory | null }) {
  const [period, setPeriod] = useState<WarehousePeriod>(DEFAULT_WAREHOUSE_PERIOD);
  const [filters, setFilters] = useState<WarehouseFilters>(DEFAULT_WAREHOUSE_FILTERS);
  const [limit, setLimit] = useState(PAGE);
  const search = useDeferredValue(filters.search);
  // The server is asked after a pause in typing (only Listed searches depend on the text). While a new
  // search of the same period and types loads, the previous answer stays on screen.
  const [settledSearch] = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const request = warehouseRequest(filters.type, settledSearch);
  const family = request && `${period}|${request.listingTypes}|`;
  const key = request && `${family}${request.search}`;
  // The server's answer is for the opening filters; it is kept like any other, so later visits revalidate it.
  const [opening] = useState(() => {
    const data = first ? warehouseData(first) : null;
    return data && key && request ? { key, data, cacheKey: warehouseCacheKey(period, request.listingTypes) } : null;
  });
  useEffect(() => {
    if (opening) writeCache(opening.cacheKey, opening.data);
  }, [opening]);
  const { state, reload, refreshing } = useResource<WarehouseData>(
    key,
    (signal) => loadWarehouse(period, request!, signal),
    FAILED,
    { keepPrevious: (previousKey) => family !== null && previousKey.startsWith(family), initial: opening },
  );
  const listed = showsListed(filters.type);
  const needsSearch = listed && settledSearch.trim().length < MIN_LISTED_SEARCH;

  function update(patch: Partial<WarehouseFilters>) {
    setFilters((f) => ({ ...f, ...patch }));
    setLimit(PAGE);
  }

  return (
    <>
      <form className="card filters filter-grid wh-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <div className="field span-2">
          <label htmlFor="wh-search">Search</label>
          <input id="wh-search" className="input" type="search" autoComplete="off" placeholder="Name or PLU" value={filters.search}
            onChange={(e) => update({ search: e.target.value })} />
        </div>
        <div className="field span-2">
          <label htmlFor="wh-type">Product type</label>
          <select id="wh-type" className="input" value={filters.type} onChange={(e) => update({ type: e.target.value as WarehouseTypeFilter })}>
            {WAREHOUSE_TYPE_FILTERS.map((t) => (
              <option key={t.value} value={t.value}>{t.label}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="wh-period">Time period</label>
          <select id="wh-period" className="input" value={period}
            onChange={(e) => {
              setPeriod(e.target.value as WarehousePeriod);
              setLimit(PAGE);
            }}>
            {WAREHOUSE_PERIODS.map((p) => (
              <option key={p.value} value={p.value}>{p.label}</option>
            ))}
          </select>
        </div>
        <div className="field checkbox-field">
          <label className="checkbox">
            <input type="checkbox" checked={filters.hideZeroActivity} onChange={(e) => update({ hideZeroActivity: e.target.checked })} />
            <span>Hide zero activity</span>
          </label>
          <span className="hint">Products with no bottles at any time in the period.</span>
        </div>
      </form>

      {needsSearch && (
        <p className="alert alert-info" role="status" data-testid="listed-hint">
          Listed products are the everyday catalog, about 3,000 of them: type at least {MIN_LISTED_SEARCH} characters of a name or PLU
          to see their warehouse levels{filters.type === 'all' ? ' next to the allocated, limited and barrel products below' : ''}.
        </p>
      )}
      <ResourceView state={state} onRetry={reload} loading={<SkeletonGrid count={6} height={196} label="Loading warehouse inventory…" />}>
        {(data) => (
          <Products data={data} filters={{ ...filters, search }} listed={listed} limit={limit} refreshing={refreshing}
            onMore={() => setLimit((l) => l + PAGE)} />
        )}
      </ResourceView>
    </>
  );
}

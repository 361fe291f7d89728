'use client';

import Link from 'next/link';
import { useState } from 'react';
import { bottleSize, plural } from '@/lib/reports-client/format';
import type { ComingAnswer, ComingProduct } from '@/lib/catalog/types';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource } from '../../_components/data/use-resource';
import { comingStageLines, LIST_PRICE_NOTE, listPriceWords, sourceAges, stateListWords } from '../../_components/journey/journey-words';
import { ListingBadge } from '../../_components/reports/listing-badge';
import { SkeletonList } from '../../_components/reports/skeleton';
import { Stats } from '../../_components/reports/stats';
import { SummaryCard } from '../../_components/reports/summary-card';

// Coming to NC (issue 40, GET /api/coming): the hunted products the Commission announced in its price list or the
// state warehouse received, not shipped to any board yet, the latest news first. Each links to its journey on the
// product's page.

const FAILED = 'Failed to load what is coming to North Carolina';
const KEY = 'coming';
/** Cards shown before "Show more": a few screens on a phone. */
export const COMING_SHOWN = 12;

/** `first`: the answer the server rendered (null: the screen loads it). */
export function Coming({ first }: { first: ComingAnswer | null }) {
  const { state, reload, refreshing } = useResource<ComingAnswer>(KEY, (signal) => getJson<ComingAnswer>('/api/coming', FAILED, signal), FAILED, {
    initial: first && { key: KEY, data: first },
  });
  const [shown, setShown] = useState(COMING_SHOWN);
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Coming to NC</h1>
          <p>
            Hunted bottles on their way into North Carolina: announced in the Commission’s price list or received at the state
            warehouse, and not yet shipped to any board. Weeks before a shelf, the latest news first.
          </p>
        </div>
      </div>
      <ResourceView state={state} onRetry={reload} loading={<SkeletonList count={4} height={132} label="Loading what is coming…" />}>
        {(data) => {
          const atWarehouse = data.products.filter((p) => p.stage === 'at_warehouse');
          return (
            <>
              <SummaryCard id="coming-summary" title="Not shipped yet" refreshing={refreshing} onRefresh={reload}>
                <Stats
                  label="Coming to NC summary"
                  items={[
                    { label: 'Announced', value: data.products.length - atWarehouse.length },
                    { label: 'At the warehouse', value: atWarehouse.length },
                    { label: 'Bottles there', value: atWarehouse.reduce((n, p) => n + (p.warehouse_bottles ?? 0), 0) },
                  ]}
                />
                <p className="muted small" data-testid="coming-ages">
                  {sourceAges(data.as_of).join(' · ')}. {LIST_PRICE_NOTE}
                </p>
              </SummaryCard>
              {data.products.length === 0 ? (
                <section className="card empty-state" data-testid="coming-empty">
                  <p>
                    Nothing hunted is coming right now. A product shows here the day the Commission’s price list announces a new
                    allocated, limited, barrel or new-release code, or the state warehouse receives one, and leaves once the state
                    ships it to a board.
                  </p>
                </section>
              ) : (
                <div className="stack-sm" data-testid="coming-list">
                  {data.products.slice(0, shown).map((p) => (
                    <ComingCard key={p.plu} product={p} />
                  ))}
                  {data.products.length > shown && (
                    <button type="button" className="btn btn-secondary btn-block" onClick={() => setShown((n) => n + COMING_SHOWN)} data-testid="coming-show-more">
                      Show {plural(Math.min(data.products.length - shown, COMING_SHOWN), 'more product')} ({data.products.length - shown} left)
                    </button>
                  )}
                </div>
              )}
              <p className="report-note small" data-testid="coming-footer">
                The price list and the allocated list are read once a day, the warehouse report through the day, and a product
                leaves this list once the state’s shipment report shows it shipped to a board.
              </p>
            </>
          );
        }}
      </ResourceView>
    </div>
  );
}

/** One product coming: its name (to its journey), its type and list place, its list price and size, and its steps so far. */
function ComingCard({ product: p }: { product: ComingProduct }) {
  const lines = comingStageLines(p);
  const listPrice = listPriceWords(p.list_price);
  const onList = stateListWords(p.state_list);
  const headingId = `coming-${p.plu}`;
  return (
    <article className="card coming-card stack-sm" data-testid="coming-product" data-stage={p.stage} aria-labelledby={headingId}>
      <div>
        <h3 id={headingId}>
          <Link className="product-name" href={`/products/${p.plu}`}>
            {p.name}
          </Link>
        </h3>
        <span className="product-meta">
          <ListingBadge type={p.listing_type} />
          {onList && <span data-testid="coming-state-list">{onList}</span>}
          {p.size_ml ? <span>{bottleSize(p.size_ml)}</span> : null}
          <span>PLU {p.plu}</span>
        </span>
      </div>
      {listPrice && (
        <p className="small coming-price" data-testid="coming-price">
          {listPrice}
        </p>
      )}
      <ul className="coming-steps" aria-label="Its steps so far">
        {lines.map((line, i) => (
          <li key={line} className={i === lines.length - 1 ? 'coming-now' : 'muted'} data-testid="coming-step">
            {line}
          </li>
        ))}
      </ul>
    </article>
  );
}

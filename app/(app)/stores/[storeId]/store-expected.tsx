'use client';

import Link from 'next/link';
import { whenWords } from '@/lib/reports-client/forecast';
import { formatUsDate, plural, price } from '@/lib/reports-client/format';
import type { StoreExpected as Expected } from '@/lib/forecast/types';
import { Likelihood, RecordNote } from '../../../_components/forecast/places';
import { getJson } from '../../../_components/data/get-json';
import { ResourceView } from '../../../_components/data/resource-view';
import { ListingBadge } from '../../../_components/reports/listing-badge';
import { useResource } from '../../../_components/data/use-resource';

/** "Expected this week": hunted products shipped to the store's board and forecast to reach this store within 7 days. */
export function StoreExpected({ storeId, first }: { storeId: string; first?: Expected | null }) {
  const { state, reload } = useResource<Expected>(
    `expected:${storeId}`,
    (signal) => getJson<Expected>(`/api/stores/${encodeURIComponent(storeId)}/expected`, 'Failed to load what is expected here', signal),
    undefined,
    { initial: first && { key: `expected:${storeId}`, data: first } },
  );
  // No placeholder: the section appears with its answer.
  return (
    <ResourceView state={state} onRetry={reload} loading={null}>
      {({ products, record, board_id }) => (
        <section className="card stack-sm" aria-labelledby="expected-heading" data-testid="store-expected">
          <div className="row spread">
            <h2 id="expected-heading">Expected this week</h2>
            <Link className="small" href={`/incoming?board=${board_id}`}>
              All incoming →
            </Link>
          </div>
          {products.length === 0 ? (
            <p className="muted" data-testid="store-expected-empty">
              Nothing hunted is forecast to reach this store in the next 7 days.
            </p>
          ) : (
            <ul className="store-lines">
              {products.map((p) => (
                <li key={p.incoming_id} data-testid="expected-product">
                  <div>
                    <Link className="product-name" href={`/products/${p.plu}`}>
                      {p.name}
                    </Link>
                    <span className="product-meta">
                      <ListingBadge type={p.listing_type} />
                      <Likelihood place={p.place} />
                      <span>{price(p.retail_price)}</span>
                    </span>
                    <div className="muted small">
                      {whenWords(p.place)}
                      <br />
                      {plural(p.units, 'bottle')} shipped to the board {formatUsDate(p.ship_date)}
                      {p.place.store === null && ' · the state does not say which store'}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <RecordNote record={record} />
        </section>
      )}
    </ResourceView>
  );
}

'use client';

import { useState, type FormEvent } from 'react';
import { formatPrice, formatSize, normalizeSearch, searchError, SEARCH_MAX_LENGTH, WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import type { AddedAnswer, SearchAnswer, SearchProduct, WatchItem } from '@/lib/watchlist/types';
import { callApi } from '../../_components/data/call';
import { Banner, failure, Field, info, SubmitButton, success, useSubmit, type Message } from '../../_components/form';
import { failureText, watchlistPaths } from './client';

/** Where a search result already is: one of the user's items, on the default list (watched or switched off), or nowhere. */
export type SearchStatus = 'item' | 'default-on' | 'default-off' | 'none';

const STATUS_TEXT: Record<Exclude<SearchStatus, 'none'>, string> = {
  item: 'On your watchlist',
  'default-on': 'On the default list',
  'default-off': 'Switched off in the default list',
};

/** Catalog search (at least 2 characters) with an Add button per product not yet watched. */
export function CatalogSearch({
  statusOf,
  onAdded,
}: {
  statusOf: (plu: string) => SearchStatus;
  onAdded: (item: WatchItem) => void;
}) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<SearchProduct[] | null>(null);
  // One banner for the search and the Add buttons.
  const [message, setMessage] = useState<Message | null>(null);
  const search = useSubmit({ failed: WATCHLIST_MESSAGES.searchFailed, report: setMessage });
  // Keyed by PLU: the row being added says so.
  const add = useSubmit<string>({ failed: WATCHLIST_MESSAGES.addFailed, network: WATCHLIST_MESSAGES.addToWatchlistFailed, report: setMessage });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = searchError(text);
    if (invalid) {
      setMessage(failure(invalid));
      setResults(null);
      return;
    }
    // A read (callApi), run as the form's call for its busy state and its message.
    void search.run(async () => {
      const res = await callApi<SearchAnswer>(watchlistPaths.search(normalizeSearch(text)), { failed: WATCHLIST_MESSAGES.searchFailed });
      if (!res.ok) {
        setResults(null);
        return failure(failureText(WATCHLIST_MESSAGES.searchFailed, res));
      }
      setResults(res.data.data);
      if (!res.data.data.length) return info(WATCHLIST_MESSAGES.noResults);
    });
  }

  function addProduct(product: SearchProduct) {
    if (add.busy) return;
    void add.run(async () => {
      const res = await add.send<AddedAnswer>(watchlistPaths.items, { method: 'POST', body: { plu: product.plu, interest_type: 'interested' } });
      if (!res.ok) return failure(res.network ? res.error : failureText(WATCHLIST_MESSAGES.addFailed, res));
      onAdded(res.data.data);
      return success(res.data.message);
    }, product.plu);
  }

  return (
    <div className="stack wl-panel">
      <h3>Search the catalog</h3>
      <form className="wl-search" role="search" onSubmit={onSubmit} noValidate>
        <Field id="wl-search" label="Product name or PLU" hideLabel>
          {(control) => (
            <input {...control} type="search" className="input" placeholder="Product name or PLU" autoComplete="off"
              maxLength={SEARCH_MAX_LENGTH} value={text} onChange={(e) => setText(e.target.value)} />
          )}
        </Field>
        <SubmitButton busy={search.busy} busyText="Searching…">
          Search
        </SubmitButton>
      </form>

      <Banner message={message} testId="search-message" />

      {results && results.length > 0 && (
        <ul className="wl-list wl-results" aria-label="Search results">
          {results.map((p) => {
            const status = statusOf(p.plu);
            return (
              <li key={p.plu} className="wl-row wl-result" data-plu={p.plu}>
                <div className="wl-row-main">
                  <span className="wl-name">{p.brand_name}</span>
                  <span className="wl-meta">
                    <span className={`badge badge-type type-${p.listing_type.toLowerCase()}`}>{p.listing_type}</span> PLU {p.plu} ·{' '}
                    {formatSize(p.size_ml)} · {formatPrice(p.retail_price)}
                  </span>
                </div>
                <div className="wl-row-actions">
                {status === 'none' ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={add.busy}
                    aria-label={`Add ${p.brand_name}, PLU ${p.plu}`}
                    onClick={() => addProduct(p)}
                  >
                    {add.isBusy(p.plu) ? 'Adding…' : 'Add'}
                  </button>
                ) : (
                  <span className={`wl-status wl-status-${status}`}>{STATUS_TEXT[status]}</span>
                )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

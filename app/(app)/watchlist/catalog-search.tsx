'use client';

import { useRef, useState, type FormEvent } from 'react';
import { formatPrice, formatSize, normalizeSearch, searchError, SEARCH_MAX_LENGTH, WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import type { SearchProduct, WatchItem } from '@/lib/watchlist/types';
import { NetworkError } from '../../_components/api';
import { failureText, watchlistApi } from './client';

/** Where a search result already is: one of the user's items, on the default list (watched or switched off), or nowhere. */
export type SearchStatus = 'item' | 'default-on' | 'default-off' | 'none';

const STATUS_TEXT: Record<Exclude<SearchStatus, 'none'>, string> = {
  item: 'On your watchlist',
  'default-on': 'On the default list',
  'default-off': 'Switched off in the default list',
};

type Message = { kind: 'success' | 'error' | 'info'; text: string } | null;

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
  const [searching, setSearching] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const request = useRef<AbortController | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = searchError(text);
    if (invalid) {
      setMessage({ kind: 'error', text: invalid });
      setResults(null);
      return;
    }
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setMessage(null);
    setSearching(true);
    try {
      const res = await watchlistApi.search(normalizeSearch(text), controller.signal);
      if (!res.ok || !res.data.data) {
        setResults(null);
        setMessage({ kind: 'error', text: failureText(WATCHLIST_MESSAGES.searchFailed, res) });
        return;
      }
      setResults(res.data.data);
      if (!res.data.data.length) setMessage({ kind: 'info', text: WATCHLIST_MESSAGES.noResults });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setResults(null);
      setMessage({ kind: 'error', text: WATCHLIST_MESSAGES.searchFailed });
    } finally {
      if (request.current === controller) setSearching(false);
    }
  }

  async function add(product: SearchProduct) {
    if (adding) return;
    setAdding(product.plu);
    setMessage(null);
    try {
      const res = await watchlistApi.add({ plu: product.plu, interest_type: 'interested' });
      if (!res.ok || !res.data.data) {
        setMessage({ kind: 'error', text: failureText(WATCHLIST_MESSAGES.addFailed, res) });
        return;
      }
      onAdded(res.data.data);
      setMessage({ kind: 'success', text: res.data.message ?? `Added "${product.brand_name}" to your watchlist.` });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: error instanceof NetworkError ? WATCHLIST_MESSAGES.addToWatchlistFailed : WATCHLIST_MESSAGES.addFailed,
      });
    } finally {
      setAdding(null);
    }
  }

  return (
    <div className="stack wl-panel">
      <h3>Search the catalog</h3>
      <form className="wl-search" role="search" onSubmit={onSubmit} noValidate>
        <label htmlFor="wl-search" className="sr-only">
          Product name or PLU
        </label>
        <input
          id="wl-search"
          type="search"
          className="input"
          placeholder="Product name or PLU"
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={searching}>
          {searching ? 'Searching…' : 'Search'}
        </button>
      </form>

      {message && (
        <div
          className={`alert alert-${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="search-message"
        >
          {message.text}
        </div>
      )}

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
                    disabled={adding !== null}
                    aria-label={`Add ${p.brand_name}, PLU ${p.plu}`}
                    onClick={() => void add(p)}
                  >
                    {adding === p.plu ? 'Adding…' : 'Add'}
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

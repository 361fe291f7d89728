'use client';

import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import type { NearbyStore, NearbyStores } from '@/lib/places/types';
import { milesWords } from '@/lib/places/rules';
import { foldText } from '@/lib/text/fold';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource } from '../../_components/data/use-resource';
import { SkeletonList } from '../../_components/reports/skeleton';

const PAGE = 24;
const FAILED = 'Could not list the stores near you.';

const matches = (s: NearbyStore, words: string[]) => {
  const text = foldText(`${s.nickname} ${s.address} ${s.city} ${s.board_name}`);
  return words.every((w) => text.includes(w));
};

/** The address after the store's name where the name is its street line (most boards name stores so): a store named once. */
const restOfAddress = (s: NearbyStore) => (s.address.startsWith(s.nickname) ? s.address.slice(s.nickname.length).replace(/^[\s,]+/, '') : s.address);

/**
 * Every retail store of the state nearest first, across board lines (issue 39), from the hunter's place; a store
 * placed from its ZIP code or city says its distance is approximate. Without a place, how to set one.
 */
export function NearbyStoresList() {
  const { state, reload } = useResource('stores-nearby', (signal) => getJson<NearbyStores>('/api/stores/nearby', FAILED, signal), FAILED);
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const [limit, setLimit] = useState(PAGE);

  return (
    <ResourceView state={state} onRetry={reload} loading={<SkeletonList count={6} height={72} label="Listing the stores near you…" />}>
      {({ from, stores }) => {
        if (!from) {
          return (
            <section className="card stack-sm" data-testid="nearby-no-place">
              <p>Save your ZIP code or your location, and every store of the state is listed here by distance, whatever its board.</p>
              <p>
                <Link href="/profile#place" className="btn btn-primary">Set your place</Link>
              </p>
            </section>
          );
        }
        const words = foldText(search).split(/\s+/).filter(Boolean);
        const found = words.length ? stores.filter((s) => matches(s, words)) : stores;
        return (
          <div className="stack">
            <div className="card filters">
              <div className="field">
                <label htmlFor="nearby-search">Search</label>
                <input id="nearby-search" className="input" type="search" autoComplete="off" placeholder="Town, board, name or address" value={text}
                  onChange={(e) => {
                    setText(e.target.value);
                    setLimit(PAGE);
                  }} />
              </div>
            </div>
            <p className="muted small" aria-live="polite" data-testid="nearby-count">
              {found.length} stores, nearest to {from.source === 'zip' ? `ZIP code ${from.zip}` : 'your location'} first ·{' '}
              <Link href="/profile#place">change</Link>
            </p>
            <ol className="list-plain stack-sm" aria-label="Stores by distance">
              {found.slice(0, limit).map((s) => (
                <li key={s.store_id}>
                  <Link href={`/stores/${s.store_id}`} className="card link-card nearby-card" data-testid="nearby-store">
                    <span className="nearby-miles" data-testid="nearby-miles">
                      {s.approximate ? '≈ ' : ''}
                      {milesWords(s.miles)}
                    </span>
                    <span className="nearby-what">
                      <strong>{s.nickname}</strong>
                      <span className="muted small">{restOfAddress(s)}</span>
                      <span className="small">{s.board_name}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
            {found.length > limit && (
              <button type="button" className="btn btn-secondary" onClick={() => setLimit((n) => n + PAGE)}>
                Show {Math.min(PAGE, found.length - limit)} more
              </button>
            )}
            <p className="report-note small">
              Miles as the crow flies. ≈: the store is placed at its ZIP code&apos;s centre, so its distance is approximate.
            </p>
          </div>
        );
      }}
    </ResourceView>
  );
}

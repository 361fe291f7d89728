'use client';

import { useState, type FormEvent } from 'react';
import type { StorePlaceAnswer } from '@/lib/places/types';
import { getJson } from '../../../../_components/data/get-json';
import { ResourceView } from '../../../../_components/data/resource-view';
import { useResource } from '../../../../_components/data/use-resource';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../../../_components/form';

const SOURCE_WORDS = {
  locator: 'exact, from the board’s store locator',
  admin: 'exact, pinned by staff',
  zip: 'approximate: its ZIP code’s centre',
  city: 'approximate: its city’s centre',
} as const;

/**
 * Staff only (issue 39): where the store is placed and why, and a pin for its exact point (from a map's
 * "What's here?"), kept over the locator's; Unpin goes back to the approximate point.
 */
export function StorePlaceCard({ storeId }: { storeId: number }) {
  const path = `/api/admin/stores/${storeId}/place`;
  const { state, reload, update } = useResource(path, (signal) => getJson<StorePlaceAnswer>(path, 'Could not load the store’s place.', signal));
  const calls = useSubmit<'pin' | 'unpin'>({ failed: 'Could not save the store’s place. Please try again.' });
  const [point, setPoint] = useState('');

  function pin(event: FormEvent) {
    event.preventDefault();
    const [latitude, longitude] = point.split(',').map((x) => Number(x.trim()));
    void calls.run(async () => {
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return failure('Type the point as latitude, longitude (e.g. 35.7796, -78.6382).');
      const res = await calls.send<StorePlaceAnswer>(path, { method: 'PUT', body: { latitude, longitude } });
      if (!res.ok) return failure(res.error);
      update(() => res.data);
      setPoint('');
      return success('Pinned. Distances from this store now use this point.');
    }, 'pin');
  }

  function unpin() {
    void calls.run(async () => {
      const res = await calls.send<StorePlaceAnswer>(path, { method: 'DELETE' });
      if (!res.ok) return failure(res.error);
      update(() => res.data);
      return success('Unpinned: the store is placed at its approximate point again.');
    }, 'unpin');
  }

  return (
    <section className="card stack-sm" aria-labelledby="store-place-heading" data-testid="store-place">
      <h2 id="store-place-heading">Where this store is (staff)</h2>
      <ResourceView state={state} onRetry={reload} loading={<p className="muted">Loading the store’s place…</p>}>
        {({ place }) =>
          place ? (
            <p data-testid="store-place-now">
              {place.latitude}, {place.longitude} · {SOURCE_WORDS[place.source]}
            </p>
          ) : (
            <p data-testid="store-place-now">No point: the store has no ZIP code or city we can place.</p>
          )
        }
      </ResourceView>
      <Banner message={calls.message} testId="store-place-message" />
      <form className="form row align-end" onSubmit={pin} noValidate>
        <Field id="store-point" label="Exact point (latitude, longitude)" className="grow">
          {(control) => <input {...control} className="input" inputMode="decimal" autoComplete="off" placeholder="35.7796, -78.6382" value={point} onChange={(e) => setPoint(e.target.value)} />}
        </Field>
        <SubmitButton busy={calls.isBusy('pin')} busyText="Pinning…" disabled={!point.trim()}>
          Pin
        </SubmitButton>
        {state.status === 'ready' && state.data.place?.source === 'admin' && (
          <button type="button" className="btn btn-secondary" onClick={unpin} disabled={calls.isBusy('unpin')}>
            Unpin
          </button>
        )}
      </form>
    </section>
  );
}

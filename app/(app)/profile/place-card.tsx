'use client';

import { useState, type FormEvent } from 'react';
import type { HunterPlace, HunterPlaceAnswer } from '@/lib/places/types';
import { usDateTime } from '@/lib/reports-client/format';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource } from '../../_components/data/use-resource';
import { announcePlaceChanged } from '../../_components/places/hunter-place';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';

const LOAD_FAILED = 'Could not load your place.';
const FAILED = 'Could not save your place. Please try again.';
/** The browser's location, asked only when the hunter taps the button. */
const NO_LOCATION = 'Your browser did not share your location. Type your ZIP code instead.';

function placeWords(place: HunterPlace): string {
  return place.source === 'zip' ? `Near ZIP code ${place.zip}` : 'Near the location your browser shared, to about a kilometre';
}

function browserLocation(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error(NO_LOCATION));
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => reject(new Error(NO_LOCATION)),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}

type Key = 'zip' | 'device' | 'remove';

/**
 * "Your place" (issue 39): a ZIP code or the browser's location, kept to about a kilometre and shown to nobody
 * else, from which stores are listed by distance across board lines. Removable.
 */
export function PlaceCard() {
  const { state, reload, update } = useResource('hunter-place', (signal) => getJson<HunterPlaceAnswer>('/api/user/place', LOAD_FAILED, signal), LOAD_FAILED);
  const calls = useSubmit<Key>({ failed: FAILED });
  const [zip, setZip] = useState('');
  const [invalid, setInvalid] = useState(false);

  const saved = (place: HunterPlace | null) => {
    update((shown) => ({ ...shown, place }));
    announcePlaceChanged();
  };

  function saveZip(event: FormEvent) {
    event.preventDefault();
    void calls.run(async () => {
      const res = await calls.send<HunterPlaceAnswer>('/api/user/place', { method: 'PUT', body: { zip } });
      setInvalid(!res.ok);
      if (!res.ok) return failure(res.error.replace(/^zip: /, ''));
      saved(res.data.place);
      setZip('');
      return success('Saved. Stores are now listed by distance from here.');
    }, 'zip');
  }

  function useLocation() {
    void calls.run(async () => {
      let point;
      try {
        point = await browserLocation();
      } catch {
        return failure(NO_LOCATION);
      }
      const res = await calls.send<HunterPlaceAnswer>('/api/user/place', { method: 'PUT', body: point });
      if (!res.ok) return failure(res.error);
      saved(res.data.place);
      return success('Saved, to about a kilometre. Stores are now listed by distance from here.');
    }, 'device');
  }

  function remove() {
    void calls.run(async () => {
      const res = await calls.send<HunterPlaceAnswer>('/api/user/place', { method: 'DELETE' });
      if (!res.ok) return failure(res.error);
      saved(null);
      return success('Removed. Nothing of your place is kept.');
    }, 'remove');
  }

  return (
    <section className="card stack" id="place" aria-labelledby="place-heading" data-testid="place-card">
      <div>
        <h2 id="place-heading">Your place</h2>
        <p className="muted small">
          Stores by distance, across county lines. We keep a ZIP code&apos;s centre or your location to about a kilometre, and show it to nobody else.
        </p>
      </div>
      <ResourceView state={state} onRetry={reload} loading={<p className="muted">Loading your place…</p>}>
        {({ place }) =>
          place ? (
            <div className="row spread" data-testid="place-now">
              <p>
                <strong>{placeWords(place)}</strong>
                <br />
                <span className="muted small">Saved {usDateTime(place.updated_at)}</span>
              </p>
              <button type="button" className="btn btn-secondary" onClick={remove} disabled={calls.isBusy('remove')}>
                {calls.isBusy('remove') ? 'Removing…' : 'Remove my place'}
              </button>
            </div>
          ) : (
            <p className="muted" data-testid="place-now">No place saved: stores are listed by board.</p>
          )
        }
      </ResourceView>
      <Banner message={calls.message} testId="place-message" />
      <form className="form row align-end" onSubmit={saveZip} noValidate aria-busy={calls.isBusy('zip')}>
        <Field id="place-zip" label="ZIP code" invalid={invalid} className="grow">
          {(control) => (
            <input {...control} className="input" inputMode="numeric" autoComplete="postal-code" maxLength={10} value={zip}
              onChange={(e) => {
                setZip(e.target.value);
                setInvalid(false);
              }} />
          )}
        </Field>
        <SubmitButton busy={calls.isBusy('zip')} busyText="Saving…" disabled={!zip.trim()}>
          Save ZIP code
        </SubmitButton>
      </form>
      <div>
        <button type="button" className="btn btn-secondary" onClick={useLocation} disabled={calls.isBusy('device')}>
          {calls.isBusy('device') ? 'Asking your browser…' : 'Use my location'}
        </button>
      </div>
    </section>
  );
}

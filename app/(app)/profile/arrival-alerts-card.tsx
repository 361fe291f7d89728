'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  ALERT_LISTING_TYPES,
  ALERT_MESSAGES,
  hourLabel,
  LISTING_TYPE_LABELS,
  MAX_ALERT_STORES,
  parseMinQuantity,
  type AlertListingType,
  type AlertModeName,
  type AlertSettingsDto,
} from '@/lib/alerts/rules';
import { apiFetch } from '../../_components/api';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';

interface StoreOption {
  store_id: number;
  board_id: number;
  store_number: number;
  nickname: string;
  address: string;
}

interface BoardOption {
  board_id: number;
  name: string;
}

interface Loaded {
  settings: AlertSettingsDto;
  boards: BoardOption[];
  stores: StoreOption[];
  premium_min_price: number;
}

interface Form {
  enabled: boolean;
  mode: AlertModeName;
  digestHour: number;
  types: AlertListingType[];
  minQuantity: string;
  boardIds: number[];
  someStores: boolean;
  storeIds: number[];
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

const toForm = (s: AlertSettingsDto): Form => ({
  enabled: s.enabled,
  mode: s.mode,
  digestHour: s.digest_hour,
  types: s.listing_types,
  minQuantity: String(s.min_quantity),
  boardIds: s.board_ids,
  someStores: s.store_ids.length > 0,
  storeIds: s.store_ids,
});

async function fetchSettings(): Promise<Loaded | null> {
  try {
    const res = await apiFetch<Loaded & { success?: boolean }>('/api/alerts/settings');
    return res.ok && res.data.settings ? res.data : null;
  } catch {
    return null;
  }
}

function formError(form: Form): string | null {
  if (!form.types.length) return ALERT_MESSAGES.noListingType;
  if (parseMinQuantity(form.minQuantity) === null) return ALERT_MESSAGES.minQuantity;
  if (!form.boardIds.length) return ALERT_MESSAGES.noBoard;
  if (form.someStores && !form.storeIds.length) return 'Choose at least one store, or all stores.';
  if (form.storeIds.length > MAX_ALERT_STORES) return ALERT_MESSAGES.tooManyStores;
  return null;
}

/** The "Arrival alerts" card: GET and PUT /api/alerts/settings. */
export function ArrivalAlertsCard() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const save = useSubmit({ failed: ALERT_MESSAGES.saveFailed });

  const load = useCallback(
    () =>
      fetchSettings().then((data) => {
        setLoadFailed(!data);
        if (data) {
          setLoaded(data);
          setForm(toForm(data.settings));
        }
      }),
    [],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const update = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const invalid = formError(form);
    if (invalid) {
      save.show(failure(invalid));
      return;
    }
    void save.run(async () => {
      const res = await save.send<{ success?: boolean; settings?: AlertSettingsDto; error?: string; message?: string }>('/api/alerts/settings', {
        method: 'PUT',
        body: {
          enabled: form.enabled,
          mode: form.mode,
          digest_hour: form.digestHour,
          listing_types: form.types,
          min_quantity: parseMinQuantity(form.minQuantity),
          board_ids: form.boardIds,
          store_ids: form.someStores ? form.storeIds : [],
        },
      });
      if (!res.ok) return failure(res.error);
      const saved = res.data.settings;
      if (!saved) return failure(ALERT_MESSAGES.saveFailed);
      setLoaded((l) => (l ? { ...l, settings: saved } : l));
      setForm(toForm(saved));
      return success(res.data.message || ALERT_MESSAGES.saved);
    });
  }

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  const storeBoard = new Map(loaded?.stores.map((s) => [s.store_id, s.board_id]));
  const savedOn = loaded?.settings.enabled ?? false;

  return (
    <section className="card stack" id="arrival-alerts" aria-labelledby="alerts-heading" data-testid="arrival-alerts">
      <div className="row spread nowrap alerts-head">
        <div>
          <h2 id="alerts-heading">Arrival alerts</h2>
          <p className="muted small">
            An e-mail when a bottle from your <Link href="/watchlist">watchlist</Link> lands at a store of the boards you choose.
          </p>
        </div>
        {loaded && (
          <span className={`badge ${savedOn ? 'badge-active' : ''}`} data-testid="alerts-status">
            {savedOn ? 'On' : 'Off'}
          </span>
        )}
      </div>
      {loadFailed && <Banner message={failure(ALERT_MESSAGES.loadFailed)} action={{ label: 'Try Again', onClick: () => void load() }} />}
      <Banner message={save.message} />
      {!form || !loaded ? (
        !loadFailed && (
          // No role="status" here: the profile form's banners are the page's status messages.
          <p className="muted">Loading your alert settings…</p>
        )
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={save.busy}>
          <label className="alerts-switch">
            <input type="checkbox" role="switch" checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} />
            <span>
              <strong>Send me arrival alerts</strong>
              <span className="hint">Sent to your account e-mail. Every alert has an unsubscribe link.</span>
            </span>
          </label>

          <fieldset className="alerts-fieldset">
            <legend>When</legend>
            <label className="alerts-option">
              <input type="radio" name="alert-mode" value="instant" checked={form.mode === 'instant'} onChange={() => update({ mode: 'instant' })} />
              <span>
                <strong>Right away</strong>
                <span className="hint">One e-mail after each check that finds arrivals (every 15 minutes, 7 AM–9 PM).</span>
              </span>
            </label>
            <label className="alerts-option">
              <input type="radio" name="alert-mode" value="digest" checked={form.mode === 'digest'} onChange={() => update({ mode: 'digest' })} />
              <span>
                <strong>Daily digest</strong>
                <span className="hint">One summary a day of everything that arrived.</span>
              </span>
            </label>
            {form.mode === 'digest' && (
              <Field id="digest_hour" label="Send the digest at" className="alerts-indent"
                hint="New York time. There are no checks from 10 PM to 6 AM; a digest set for those hours goes out at 7 AM.">
                {(control) => (
                  <select {...control} className="input alerts-hour" value={form.digestHour}
                    onChange={(e) => update({ digestHour: Number(e.target.value) })}>
                    {HOURS.map((h) => (
                      <option key={h} value={h}>
                        {hourLabel(h)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
          </fieldset>

          <fieldset className="alerts-fieldset">
            <legend>Which bottles</legend>
            <div className="alerts-choices">
              {ALERT_LISTING_TYPES.map((t) => (
                <label key={t} className="alerts-choice">
                  <input type="checkbox" checked={form.types.includes(t)} onChange={(e) => update({ types: toggle(form.types, t, e.target.checked) })} />
                  <span>{LISTING_TYPE_LABELS[t]}</span>
                </label>
              ))}
            </div>
            <span className="hint">
              From your default list. Premium means Listed bottles at ${loaded.premium_min_price} or more; they are restocked often.
              New releases the state has not classified yet, and products you added to your watchlist yourself, always alert.
            </span>
          </fieldset>

          <Field id="min_quantity" label="Minimum bottles at the store" hint="Skip arrivals that leave fewer bottles on the shelf.">
            {(control) => (
              <input {...control} className="input alerts-qty" type="number" inputMode="numeric" min={1} max={99} step={1}
                value={form.minQuantity} onChange={(e) => update({ minQuantity: e.target.value })} />
            )}
          </Field>

          <fieldset className="alerts-fieldset">
            <legend>Boards</legend>
            <div className="alerts-choices">
              {loaded.boards.map((b) => (
                <label key={b.board_id} className="alerts-choice">
                  <input type="checkbox" checked={form.boardIds.includes(b.board_id)}
                    onChange={(e) =>
                      update({
                        boardIds: toggle(form.boardIds, b.board_id, e.target.checked),
                        // A store of a board no longer chosen could never alert: it leaves the list.
                        storeIds: e.target.checked ? form.storeIds : form.storeIds.filter((id) => storeBoard.get(id) !== b.board_id),
                      })
                    } />
                  <span>{b.name}</span>
                </label>
              ))}
            </div>
            <span className="hint">One e-mail per check lists every store, whichever board it belongs to.</span>
          </fieldset>

          <fieldset className="alerts-fieldset">
            <legend>Stores</legend>
            <label className="alerts-option">
              <input type="radio" name="alert-stores" checked={!form.someStores} onChange={() => update({ someStores: false })} />
              <span>
                <strong>All stores</strong>
              </span>
            </label>
            <label className="alerts-option">
              <input type="radio" name="alert-stores" checked={form.someStores} onChange={() => update({ someStores: true })} />
              <span>
                <strong>Only these stores</strong>
                {form.someStores && <span className="hint">{form.storeIds.length} chosen</span>}
              </span>
            </label>
            {form.someStores && (
              <div className="stack" role="group" aria-label="Stores to alert for">
                {loaded.boards
                  .filter((b) => form.boardIds.includes(b.board_id))
                  .map((b) => (
                    <div key={b.board_id} role="group" aria-label={`${b.name} stores`}>
                      {form.boardIds.length > 1 && <p className="small muted alerts-board">{b.name}</p>}
                      <div className="alerts-stores">
                        {loaded.stores
                          .filter((s) => s.board_id === b.board_id)
                          .map((s) => (
                            <label key={s.store_id} className="alerts-choice alerts-store">
                              <input type="checkbox" checked={form.storeIds.includes(s.store_id)}
                                onChange={(e) => update({ storeIds: toggle(form.storeIds, s.store_id, e.target.checked) })} />
                              <span>
                                {s.nickname} <span className="muted small">#{s.store_number}</span>
                              </span>
                            </label>
                          ))}
                      </div>
                    </div>
                  ))}
              </div>
            )}
          </fieldset>

          <div>
            <SubmitButton busy={save.busy} busyText="Saving…">
              Save Alert Settings
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}

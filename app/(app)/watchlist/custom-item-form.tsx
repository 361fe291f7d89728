'use client';

import { useRef, useState, type FormEvent } from 'react';
import {
  BOTTLES_PER_CASE_MAX,
  BOTTLES_PER_CASE_MIN,
  CUSTOM_NAME_MAX_LENGTH,
  parseCustomItem,
  WATCHLIST_MESSAGES,
} from '@/lib/watchlist/rules';
import type { WatchItem } from '@/lib/watchlist/types';
import { failureText, watchlistApi } from './client';

type Field = 'plu' | 'name' | 'price' | 'bottles';
type Message = { kind: 'success' | 'error'; text: string; field?: Field } | null;

const EMPTY = { plu: '', name: '', price: '', bottles: '' };

/** Which input a rule message is about, so it can be marked and focused. */
function fieldOf(message: string, form: typeof EMPTY): Field | undefined {
  switch (message) {
    case WATCHLIST_MESSAGES.customRequired:
      return form.plu.trim() ? 'name' : 'plu';
    case WATCHLIST_MESSAGES.pluFormat:
      return 'plu';
    case WATCHLIST_MESSAGES.customNameTooLong:
      return 'name';
    case WATCHLIST_MESSAGES.retailPrice:
    case WATCHLIST_MESSAGES.retailPriceTooHigh:
      return 'price';
    case WATCHLIST_MESSAGES.bottlesPerCase:
      return 'bottles';
    default:
      return undefined;
  }
}

/** A product the catalog does not have yet: PLU and name, optionally price and bottles per case. */
export function CustomItemForm({ onAdded }: { onAdded: (item: WatchItem) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const invalid = (field: Field) => (message?.kind === 'error' && message.field === field ? true : undefined);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = parseCustomItem({ plu: form.plu, custom_name: form.name, retail_price: form.price, bottles_per_case: form.bottles });
    if (!parsed.ok) {
      const field = fieldOf(parsed.error, form);
      setMessage({ kind: 'error', text: parsed.error, field });
      if (field) inputs.current[field]?.focus();
      return;
    }
    const item = parsed.value;
    setBusy(true);
    setMessage(null);
    try {
      const res = await watchlistApi.add({
        custom_name: item.customName,
        plu: item.plu,
        retail_price: item.retailPrice,
        bottles_per_case: item.bottlesPerCase,
      });
      if (!res.ok || !res.data.data) {
        setMessage({ kind: 'error', text: failureText(WATCHLIST_MESSAGES.addCustomFailed, res), field: res.status === 409 ? 'plu' : undefined });
        return;
      }
      onAdded(res.data.data);
      setForm(EMPTY);
      setMessage({ kind: 'success', text: res.data.message ?? `Added custom item "${item.customName}" to your watchlist.` });
    } catch {
      setMessage({ kind: 'error', text: WATCHLIST_MESSAGES.addCustomFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="stack wl-panel">
      <h3>Add a custom item</h3>
      <p className="muted small">For a product that is not in the catalog yet, such as a rumoured release with a known PLU.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy} aria-label="Add a custom item">
        <div className="wl-custom-grid">
          <div className="field">
            <label htmlFor="wl-plu">PLU</label>
            <input id="wl-plu" className="input" inputMode="numeric" autoComplete="off" placeholder="99999" maxLength={20}
              aria-invalid={invalid('plu')} title="Exactly 5 digits"
              ref={(el) => { inputs.current.plu = el; }} value={form.plu} onChange={set('plu')} />
          </div>
          <div className="field wl-custom-name">
            <label htmlFor="wl-name">Product Name</label>
            <input id="wl-name" className="input" autoComplete="off" maxLength={CUSTOM_NAME_MAX_LENGTH}
              aria-invalid={invalid('name')}
              ref={(el) => { inputs.current.name = el; }} value={form.name} onChange={set('name')} />
          </div>
          <div className="field">
            <label htmlFor="wl-price">Retail price <span className="muted">(optional)</span></label>
            <input id="wl-price" className="input" inputMode="decimal" autoComplete="off" placeholder="59.95" maxLength={20}
              aria-invalid={invalid('price')}
              ref={(el) => { inputs.current.price = el; }} value={form.price} onChange={set('price')} />
          </div>
          <div className="field">
            <label htmlFor="wl-bottles">Bottles per case <span className="muted">(optional)</span></label>
            <input id="wl-bottles" className="input" inputMode="numeric" autoComplete="off"
              placeholder={`${BOTTLES_PER_CASE_MIN}–${BOTTLES_PER_CASE_MAX}`} maxLength={5}
              aria-invalid={invalid('bottles')}
              ref={(el) => { inputs.current.bottles = el; }} value={form.bottles} onChange={set('bottles')} />
          </div>
        </div>
        {message && (
          <div className={`alert alert-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'} data-testid="custom-message">
            {message.text}
          </div>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Adding…' : 'Add Custom Item'}
          </button>
        </div>
      </form>
    </div>
  );
}

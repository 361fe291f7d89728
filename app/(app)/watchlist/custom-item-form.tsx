'use client';

import { useRef, useState, type FormEvent } from 'react';
import {
  BOTTLES_PER_CASE_MAX,
  BOTTLES_PER_CASE_MIN,
  CUSTOM_NAME_MAX_LENGTH,
  parseCustomItem,
  WATCHLIST_MESSAGES,
} from '@/lib/watchlist/rules';
import type { AddedAnswer, WatchItem } from '@/lib/watchlist/types';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';
import { failureText, watchlistPaths } from './client';

type FieldName = 'plu' | 'name' | 'price' | 'bottles';

const EMPTY = { plu: '', name: '', price: '', bottles: '' };

/** Which input a rule message is about, so it can be marked and focused. */
function fieldOf(message: string, form: typeof EMPTY): FieldName | undefined {
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
  // The input the error is about; it counts only while that error shows.
  const [wrongField, setWrongField] = useState<FieldName>();
  const add = useSubmit({ failed: WATCHLIST_MESSAGES.addCustomFailed });
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const invalid = (field: FieldName) => add.message?.kind === 'error' && wrongField === field;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseCustomItem({ plu: form.plu, custom_name: form.name, retail_price: form.price, bottles_per_case: form.bottles });
    if (!parsed.ok) {
      const field = fieldOf(parsed.error, form);
      setWrongField(field);
      add.show(failure(parsed.error));
      if (field) inputs.current[field]?.focus();
      return;
    }
    const item = parsed.value;
    void add.run(async () => {
      const res = await add.send<AddedAnswer>(watchlistPaths.items, {
        method: 'POST',
        body: {
          custom_name: item.customName,
          plu: item.plu,
          retail_price: item.retailPrice,
          bottles_per_case: item.bottlesPerCase,
        },
      });
      if (!res.ok) {
        setWrongField(res.status === 409 ? 'plu' : undefined);
        return failure(failureText(WATCHLIST_MESSAGES.addCustomFailed, res));
      }
      onAdded(res.data.data);
      setForm(EMPTY);
      return success(res.data.message);
    });
  }

  return (
    <div className="stack wl-panel">
      <h3>Add a custom item</h3>
      <p className="muted small">For a product that is not in the catalog yet, such as a rumoured release with a known PLU.</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={add.busy} aria-label="Add a custom item">
        <div className="wl-custom-grid">
          <Field id="wl-plu" label="PLU" invalid={invalid('plu')}>
            {(control) => (
              <input {...control} className="input" inputMode="numeric" autoComplete="off" placeholder="99999" maxLength={20}
                title="Exactly 5 digits" ref={(el) => { inputs.current.plu = el; }} value={form.plu} onChange={set('plu')} />
            )}
          </Field>
          <Field id="wl-name" label="Product Name" className="wl-custom-name" invalid={invalid('name')}>
            {(control) => (
              <input {...control} className="input" autoComplete="off" maxLength={CUSTOM_NAME_MAX_LENGTH}
                ref={(el) => { inputs.current.name = el; }} value={form.name} onChange={set('name')} />
            )}
          </Field>
          <Field id="wl-price" label={<>Retail price <span className="muted">(optional)</span></>} invalid={invalid('price')}>
            {(control) => (
              <input {...control} className="input" inputMode="decimal" autoComplete="off" placeholder="59.95" maxLength={20}
                ref={(el) => { inputs.current.price = el; }} value={form.price} onChange={set('price')} />
            )}
          </Field>
          <Field id="wl-bottles" label={<>Bottles per case <span className="muted">(optional)</span></>} invalid={invalid('bottles')}>
            {(control) => (
              <input {...control} className="input" inputMode="numeric" autoComplete="off"
                placeholder={`${BOTTLES_PER_CASE_MIN}–${BOTTLES_PER_CASE_MAX}`} maxLength={5}
                ref={(el) => { inputs.current.bottles = el; }} value={form.bottles} onChange={set('bottles')} />
            )}
          </Field>
        </div>
        <Banner message={add.message} testId="custom-message" />
        <div>
          <SubmitButton busy={add.busy} busyText="Adding…">
            Add Custom Item
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}

import { ALERT_LISTING_TYPES, LISTING_TYPE_LABELS } from '@/lib/alerts/rules';
import { MIN_QUANTITY_HINT } from '@/lib/reports-client/precision';
import { Field } from '../../../_components/form';
import { toggle, type FormPart } from './alert-form';

/** Which listing types of the default list alert, and the fewest bottles an arrival must leave. */
export function BottleFields({ form, update, premiumMinPrice }: FormPart & { premiumMinPrice: number }) {
  return (
    <>
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
          From your default list. Premium means Listed bottles at ${premiumMinPrice} or more; they are restocked often.
          New releases the state has not classified yet, and products you added to your watchlist yourself, always alert.
        </span>
      </fieldset>

      <Field id="min_quantity" label="Minimum bottles" hint={MIN_QUANTITY_HINT}>
        {(control) => (
          <input {...control} className="input alerts-qty" type="number" inputMode="numeric" min={1} max={99} step={1}
            value={form.minQuantity} onChange={(e) => update({ minQuantity: e.target.value })} />
        )}
      </Field>
    </>
  );
}

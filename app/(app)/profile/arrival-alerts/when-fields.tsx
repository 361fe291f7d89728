import { hourLabel } from '@/lib/alerts/rules';
import { Field } from '../../../_components/form';
import type { FormPart } from './alert-form';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Alerts on or off; they go to the account's e-mail. */
export function AlertsSwitch({ form, update }: FormPart) {
  return (
    <label className="alerts-switch">
      <input type="checkbox" role="switch" checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} />
      <span>
        <strong>Send me arrival alerts</strong>
        <span className="hint">Sent to your account e-mail. Every alert has an unsubscribe link.</span>
      </span>
    </label>
  );
}

/** Right away, or a daily digest at a chosen hour. */
export function WhenFieldset({ form, update }: FormPart) {
  return (
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
  );
}

import { useId } from 'react';
import { ALERT_KIND_CHOICES, CHANNEL_LABELS, hourLabel, KIND_HINT, KIND_LABELS, type ChannelSettingsDto } from '@/lib/alerts/rules';
import { Field } from '../../../_components/form';
import { toggle, type FormPart } from './alert-form';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** An hour of the day (New York time) to choose: the digest's, quiet hours' start and end. */
export function HourField({ id, label, hint, className, value, onChange }: { id: string; label: string; hint?: string; className?: string; value: number; onChange: (hour: number) => void }) {
  return (
    <Field id={id} label={label} hint={hint} className={className}>
      {(control) => (
        <select {...control} className="input alerts-hour" value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {hourLabel(h)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** One row per channel the server delivers on (e-mail first), then the digest hour when a channel uses it. */
export function ChannelsFieldset({ form, update }: FormPart) {
  const change = (channel: ChannelSettingsDto['channel'], patch: Partial<ChannelSettingsDto>) =>
    update({ channels: form.channels.map((c) => (c.channel === channel ? { ...c, ...patch } : c)) });
  return (
    <fieldset className="alerts-fieldset">
      <legend>Where and when</legend>
      <div className="alerts-channels">
        {form.channels.map((c) => (
          <ChannelRow key={c.channel} value={c} onChange={(patch) => change(c.channel, patch)} />
        ))}
      </div>
      <p className="hint">{KIND_HINT}</p>
      {form.channels.some((c) => c.mode === 'digest') && (
        <HourField id="digest_hour" label="Send the digest at" hint="New York time, for every channel set to a daily digest." value={form.digestHour}
          onChange={(digestHour) => update({ digestHour })} />
      )}
    </fieldset>
  );
}

/** A channel: on or off, right away or a daily digest, and what it alerts about. Adding a channel adds a row. */
function ChannelRow({ value, onChange }: { value: ChannelSettingsDto; onChange: (patch: Partial<ChannelSettingsDto>) => void }) {
  const id = useId();
  const label = CHANNEL_LABELS[value.channel];
  return (
    <div className="alerts-channel" role="group" aria-labelledby={`${id}-name`} data-testid={`alert-channel-${value.channel}`}>
      <div className="row spread nowrap">
        <h3 id={`${id}-name`} className="alerts-channel-name">
          {label.name}
        </h3>
        <span className={`badge ${value.enabled ? 'badge-active' : ''}`}>{value.enabled ? 'On' : 'Off'}</span>
      </div>
      <label className="alerts-switch">
        <input type="checkbox" role="switch" checked={value.enabled} onChange={(e) => onChange({ enabled: e.target.checked })} />
        <span>
          <strong>{label.switchLabel}</strong>
          <span className="hint">{label.hint}</span>
        </span>
      </label>
      <div className="alerts-modes" role="radiogroup" aria-label={`When: ${label.name}`}>
        <label className="alerts-option">
          <input type="radio" name={`${id}-mode`} value="instant" checked={value.mode === 'instant'} onChange={() => onChange({ mode: 'instant' })} />
          <span>
            <strong>Right away</strong>
            <span className="hint">One {label.message} after each check that finds arrivals (every 15 minutes, 7 AM–9 PM).</span>
          </span>
        </label>
        <label className="alerts-option">
          <input type="radio" name={`${id}-mode`} value="digest" checked={value.mode === 'digest'} onChange={() => onChange({ mode: 'digest' })} />
          <span>
            <strong>Daily digest</strong>
            <span className="hint">One summary a day of everything that arrived.</span>
          </span>
        </label>
      </div>
      <div className="alerts-choices" role="group" aria-label={`What ${label.name} alerts you about`}>
        <span className="small muted alerts-kinds-label" aria-hidden="true">
          About
        </span>
        {ALERT_KIND_CHOICES.map((k) => (
          <label key={k} className="alerts-choice">
            <input type="checkbox" checked={value.kinds.includes(k)}
              onChange={(e) => onChange({ kinds: ALERT_KIND_CHOICES.filter((x) => toggle(value.kinds, k, e.target.checked).includes(x)) })} />
            <span>{KIND_LABELS[k]}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

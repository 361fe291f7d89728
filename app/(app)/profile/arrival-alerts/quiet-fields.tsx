import { CHANNEL_LABELS } from '@/lib/alerts/rules';
import type { FormPart } from './alert-form';
import { HourField } from './channel-fields';

/** Quiet hours (New York time): push and Discord wait until they end, e-mail as the user chooses. */
export function QuietHoursFieldset({ form, update }: FormPart) {
  const quiet = form.quiet;
  const set = (patch: Partial<typeof quiet>) => update({ quiet: { ...quiet, ...patch } });
  // Channels always held; with none but e-mail, quiet hours are for e-mail.
  const held = form.channels.filter((c) => c.channel !== 'email').map((c) => CHANNEL_LABELS[c.channel].plural);
  const onlyEmail = held.length === 0;
  const hour = (id: string, label: string, value: number, onChange: (h: number) => void) => (
    <HourField id={id} label={label} className="alerts-quiet-hour" value={value} onChange={onChange} />
  );
  return (
    <fieldset className="alerts-fieldset">
      <legend>Quiet hours</legend>
      <label className="alerts-switch">
        <input type="checkbox" role="switch" checked={quiet.on} onChange={(e) => set({ on: e.target.checked, ...(onlyEmail && { hold_email: true }) })} />
        <span>
          <strong>Hold alerts during quiet hours</strong>
          <span className="hint">New York time. {onlyEmail ? 'Alert e-mails' : held.join(' and ')} found then wait until they end.</span>
        </span>
      </label>
      {quiet.on && (
        <>
          <div className="row alerts-quiet">
            {hour('quiet_start', 'From', quiet.start_hour, (h) => set({ start_hour: h }))}
            {hour('quiet_end', 'Until', quiet.end_hour, (h) => set({ end_hour: h }))}
          </div>
          {!onlyEmail && (
            <label className="alerts-choice alerts-quiet-email">
              <input type="checkbox" checked={quiet.hold_email} onChange={(e) => set({ hold_email: e.target.checked })} />
              <span>Hold e-mails too</span>
            </label>
          )}
        </>
      )}
    </fieldset>
  );
}

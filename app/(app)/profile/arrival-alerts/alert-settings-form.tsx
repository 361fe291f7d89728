'use client';

import { useState, type FormEvent } from 'react';
import { ALERT_MESSAGES, type AlertSettingsDto } from '@/lib/alerts/rules';
import type { AlertSettingsSavedAnswer } from '@/lib/alerts/types';
import { Banner, failure, SubmitButton, success, useSubmit } from '../../../_components/form';
import { formError, toBody, toForm, type AlertForm, type AlertOptions, type DeliverySettings } from './alert-form';
import { BottleFields } from './bottle-fields';
import { ChannelsFieldset } from './channel-fields';
import { BoardsFieldset, RadiusFieldset, StoresFieldset } from './place-fields';
import { QuietHoursFieldset } from './quiet-fields';

export type SavedAlerts = DeliverySettings & { settings: AlertSettingsDto };

/** The alert settings form: its parts, the card's own checks, and the save (PUT /api/alerts/settings). */
export function AlertSettingsForm({
  initial,
  options,
  onSaved,
}: {
  initial: SavedAlerts;
  options: AlertOptions;
  onSaved: (saved: SavedAlerts) => void;
}) {
  const [form, setForm] = useState(() => toForm(initial.settings, initial));
  const save = useSubmit({ failed: ALERT_MESSAGES.saveFailed });
  const update = (patch: Partial<AlertForm>) => setForm((f) => ({ ...f, ...patch }));
  const part = { form, update };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = formError(form, options.boards);
    if (invalid) {
      save.show(failure(invalid));
      return;
    }
    void save.run(async () => {
      const res = await save.send<AlertSettingsSavedAnswer>('/api/alerts/settings', { method: 'PUT', body: toBody(form) });
      if (!res.ok) return failure(res.error);
      // The card sends every channel and the quiet hours, so the answer has them (an older client's lacks them).
      const { settings, channels, quiet_hours } = res.data;
      if (!channels || quiet_hours === undefined) return failure(ALERT_MESSAGES.saveFailed);
      onSaved({ settings, channels, quiet_hours });
      setForm(toForm(settings, { channels, quiet_hours }));
      return success(res.data.message);
    });
  }

  return (
    <>
      <Banner message={save.message} />
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={save.busy}>
        <ChannelsFieldset {...part} />
        <QuietHoursFieldset {...part} />
        <BottleFields {...part} premiumMinPrice={options.premium_min_price} />
        <BoardsFieldset {...part} boards={options.boards} stores={options.stores} />
        <StoresFieldset {...part} boards={options.boards} stores={options.stores} />
        <RadiusFieldset {...part} />
        <div>
          <SubmitButton busy={save.busy} busyText="Saving…">
            Save Alert Settings
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

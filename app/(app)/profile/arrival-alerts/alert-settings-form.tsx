'use client';

import { useState, type FormEvent } from 'react';
import { ALERT_MESSAGES, type AlertSettingsDto } from '@/lib/alerts/rules';
import { Banner, failure, SubmitButton, success, useSubmit } from '../../../_components/form';
import { formError, toForm, toSettings, type AlertForm, type AlertOptions } from './alert-form';
import { BottleFields } from './bottle-fields';
import { BoardsFieldset, StoresFieldset } from './place-fields';
import { AlertsSwitch, WhenFieldset } from './when-fields';

/** The alert settings form: its parts, the card's own checks, and the save (PUT /api/alerts/settings). */
export function AlertSettingsForm({
  initial,
  options,
  onSaved,
}: {
  initial: AlertSettingsDto;
  options: AlertOptions;
  onSaved: (settings: AlertSettingsDto) => void;
}) {
  const [form, setForm] = useState(() => toForm(initial));
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
      const res = await save.send<{ success?: boolean; settings?: AlertSettingsDto; error?: string; message?: string }>('/api/alerts/settings', {
        method: 'PUT',
        body: toSettings(form),
      });
      if (!res.ok) return failure(res.error);
      const saved = res.data.settings;
      if (!saved) return failure(ALERT_MESSAGES.saveFailed);
      onSaved(saved);
      setForm(toForm(saved));
      return success(res.data.message || ALERT_MESSAGES.saved);
    });
  }

  return (
    <>
      <Banner message={save.message} />
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={save.busy}>
        <AlertsSwitch {...part} />
        <WhenFieldset {...part} />
        <BottleFields {...part} premiumMinPrice={options.premium_min_price} />
        <BoardsFieldset {...part} boards={options.boards} stores={options.stores} />
        <StoresFieldset {...part} boards={options.boards} stores={options.stores} />
        <div>
          <SubmitButton busy={save.busy} busyText="Saving…">
            Save Alert Settings
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

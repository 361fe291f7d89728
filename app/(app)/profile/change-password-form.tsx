'use client';

import { useState, type FormEvent } from 'react';
import { passwordChangeError, PROFILE_PASSWORD_MIN_LENGTH } from '@/lib/auth/rules';
import type { PasswordChangedAnswer } from '@/lib/auth/types';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** The optional change-password form: all three fields or none. */
export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const change = useSubmit({ failed: 'Password change failed. Please try again.' });

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <Field id={name} label={label} hint={hint}>
      {(control) => (
        <input {...control} type="password" className="input" autoComplete={autoComplete} value={form[name]}
          onChange={(e) => {
            const value = e.target.value;
            setForm((f) => ({ ...f, [name]: value }));
          }} />
      )}
    </Field>
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = passwordChangeError(form);
    if (invalid) {
      change.show(failure(invalid));
      return;
    }
    void change.run(async () => {
      const res = await change.send<PasswordChangedAnswer>('/api/auth/change-password', {
        method: 'POST',
        body: { old_password: form.current_password, new_password: form.new_password },
      });
      if (!res.ok) return failure(res.error);
      setForm(EMPTY);
      return success('Password changed successfully.');
    });
  }

  return (
    <section className="card stack" aria-labelledby="password-heading">
      <div>
        <h2 id="password-heading">Change password</h2>
        <p className="muted small">Optional. Leave these fields empty to keep your current password.</p>
      </div>
      <Banner message={change.message} />
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={change.busy}>
        {field('current_password', 'Current password', 'current-password')}
        {field('new_password', 'New password', 'new-password', `At least ${PROFILE_PASSWORD_MIN_LENGTH} characters.`)}
        {field('confirm_password', 'Confirm new password', 'new-password')}
        <div>
          <SubmitButton busy={change.busy} busyText="Changing…">
            Change Password
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

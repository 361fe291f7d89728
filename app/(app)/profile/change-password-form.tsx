'use client';

import { useState, type FormEvent } from 'react';
import { passwordChangeError, PROFILE_PASSWORD_MIN_LENGTH } from '@/lib/auth/rules';
import { apiFetch } from '../../_components/api';

type Banner = { kind: 'success' | 'error'; text: string } | null;

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** The optional change-password form: all three fields or none. */
export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} type="password" className="input" autoComplete={autoComplete}
        aria-describedby={hint ? `${name}-hint` : undefined} value={form[name]}
        onChange={(e) => {
          const value = e.target.value;
          setForm((f) => ({ ...f, [name]: value }));
        }} />
      {hint && <span id={`${name}-hint`} className="hint">{hint}</span>}
    </div>
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = passwordChangeError(form);
    if (invalid) {
      setBanner({ kind: 'error', text: invalid });
      return;
    }
    setBanner(null);
    setBusy(true);
    try {
      const res = await apiFetch<{ success?: boolean; error?: string }>('/api/auth/change-password', {
        method: 'POST',
        body: { old_password: form.current_password, new_password: form.new_password },
      });
      if (res.ok && res.data.success !== false) {
        setForm(EMPTY);
        setBanner({ kind: 'success', text: 'Password changed successfully.' });
      } else {
        setBanner({ kind: 'error', text: res.data.error || 'Password change failed. Please try again.' });
      }
    } catch {
      setBanner({ kind: 'error', text: 'Password change failed. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="password-heading">
      <div>
        <h2 id="password-heading">Change password</h2>
        <p className="muted small">Optional. Leave these fields empty to keep your current password.</p>
      </div>
      {banner && (
        <div className={`alert alert-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
          {banner.text}
        </div>
      )}
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        {field('current_password', 'Current password', 'current-password')}
        {field('new_password', 'New password', 'new-password', `At least ${PROFILE_PASSWORD_MIN_LENGTH} characters.`)}
        {field('confirm_password', 'Confirm new password', 'new-password')}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change Password'}
          </button>
        </div>
      </form>
    </section>
  );
}

'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { canSubmitRegistration, checkPassword, NAME_MAX_LENGTH, normalizeEmail } from '@/lib/auth/rules';
import { apiFetch, NetworkError } from '../../_components/api';
import { saveVerifyEmailState } from '../verify-email/navigation-state';
import { MatchIndicator, PasswordChecklist } from './password-checklist';

interface RegisterAnswer {
  success?: boolean;
  message?: string;
  email?: string;
  error?: string;
  code?: string;
  registration?: string;
}

export function RegisterForm() {
  const router = useRouter();
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '', confirm_password: '' });
  const [showPasswords, setShowPasswords] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const checks = checkPassword(form.password);
  const rulesMet = checks.every((c) => c.met);
  const matches = form.password === form.confirm_password;
  const canSubmit = canSubmitRegistration(form);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  function goVerify(email: string, message?: string, registration?: string) {
    saveVerifyEmailState({ email, message, registration });
    router.push('/verify-email');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || busy) return;
    setError(null);
    setBusy(true);
    const email = normalizeEmail(form.email);
    try {
      const res = await apiFetch<RegisterAnswer>('/api/auth/register', {
        method: 'POST',
        body: { first_name: form.first_name.trim(), last_name: form.last_name.trim(), email, password: form.password },
      });
      if (res.ok) {
        goVerify(res.data.email || email, res.data.message, res.data.registration);
        return;
      }
      if (res.data.code === 'UNVERIFIED_EXISTS') {
        goVerify(res.data.email || email, res.data.message || res.data.error, res.data.registration);
        return;
      }
      setError(res.data.error || 'Registration failed');
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please check your connection and try again.' : 'Registration failed');
    }
    setBusy(false);
  }

  return (
    <div className="card auth-card stack">
      <h1>Create your account</h1>
      <p className="muted small center">
        After you verify your e-mail, an administrator approves new accounts.
      </p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-pair">
          <div className="field">
            <label htmlFor="first_name">First name</label>
            <input id="first_name" className="input" autoComplete="given-name" required maxLength={NAME_MAX_LENGTH}
              value={form.first_name} onChange={set('first_name')} />
          </div>
          <div className="field">
            <label htmlFor="last_name">Last name</label>
            <input id="last_name" className="input" autoComplete="family-name" required maxLength={NAME_MAX_LENGTH}
              value={form.last_name} onChange={set('last_name')} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input id="email" type="email" className="input" autoComplete="email" required
            value={form.email} onChange={set('email')} />
        </div>
        <div className="field">
          <div className="label-row">
            <label htmlFor="password">Password</label>
            <button type="button" className="btn btn-secondary btn-sm" aria-pressed={showPasswords}
              aria-controls="password confirm_password" onClick={() => setShowPasswords((v) => !v)}>
              {showPasswords ? 'Hide passwords' : 'Show passwords'}
            </button>
          </div>
          <input id="password" type={showPasswords ? 'text' : 'password'} className="input" autoComplete="new-password"
            required aria-describedby="password-rules" aria-invalid={form.password !== '' && !rulesMet}
            value={form.password} onChange={set('password')} />
          <PasswordChecklist id="password-rules" checks={checks} />
        </div>
        <div className="field">
          <label htmlFor="confirm_password">Confirm password</label>
          <input id="confirm_password" type={showPasswords ? 'text' : 'password'} className="input"
            autoComplete="new-password" required aria-describedby="password-match"
            aria-invalid={form.confirm_password !== '' && !matches}
            value={form.confirm_password} onChange={set('confirm_password')} />
          {form.confirm_password !== '' && <MatchIndicator id="password-match" matches={matches} />}
        </div>
        {rulesMet && matches && (
          <p className="alert alert-success small" role="status">
            Great, your password is strong!
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={!canSubmit || busy}>
          {busy ? 'Creating account…' : 'Create Account'}
        </button>
      </form>
      <p className="small center">
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { canSubmitRegistration, checkPassword, NAME_MAX_LENGTH, normalizeEmail } from '@/lib/auth/rules';
import { ErrorCode } from '@/lib/api/error-codes';
import type { RegisterAnswer, RegisterRefusal } from '@/lib/auth/types';
import { refusalOf } from '../../_components/data/refusal';
import { Banner, failure, Field, SubmitButton, useSubmit } from '../../_components/form';
import { saveVerifyEmailState } from '../verify-email/navigation-state';
import { MatchIndicator, PasswordChecklist } from './password-checklist';

export function RegisterForm() {
  const router = useRouter();
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', password: '', confirm_password: '' });
  const [showPasswords, setShowPasswords] = useState(false);
  const register = useSubmit({ failed: 'Registration failed', network: 'Network error. Please check your connection and try again.' });

  const checks = checkPassword(form.password);
  const rulesMet = checks.every((c) => c.met);
  const matches = form.password === form.confirm_password;
  const canSubmit = canSubmitRegistration(form);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const passwordType = showPasswords ? 'text' : 'password';

  function goVerify(email: string, message?: string) {
    saveVerifyEmailState({ email, message });
    router.push('/verify-email');
    return 'leaving' as const;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    void register.run(async () => {
      const email = normalizeEmail(form.email);
      const res = await register.send<RegisterAnswer>('/api/auth/register', {
        method: 'POST',
        body: { first_name: form.first_name.trim(), last_name: form.last_name.trim(), email, password: form.password },
      });
      if (res.ok) return goVerify(res.data.email, res.data.message);
      const refusal = refusalOf<RegisterRefusal>(res);
      if (refusal.code === ErrorCode.UNVERIFIED_EXISTS) return goVerify(refusal.email || email, refusal.message || refusal.error);
      return failure(res.error);
    });
  }

  return (
    <div className="card auth-card stack">
      <h1>Create your account</h1>
      <p className="muted small center">
        After you verify your e-mail, an administrator approves new accounts.
      </p>
      <Banner message={register.message} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form-pair">
          <Field id="first_name" label="First name">
            {(control) => (
              <input {...control} className="input" autoComplete="given-name" required maxLength={NAME_MAX_LENGTH}
                value={form.first_name} onChange={set('first_name')} />
            )}
          </Field>
          <Field id="last_name" label="Last name">
            {(control) => (
              <input {...control} className="input" autoComplete="family-name" required maxLength={NAME_MAX_LENGTH}
                value={form.last_name} onChange={set('last_name')} />
            )}
          </Field>
        </div>
        <Field id="email" label="Email">
          {(control) => (
            <input {...control} type="email" className="input" autoComplete="email" required
              value={form.email} onChange={set('email')} />
          )}
        </Field>
        <Field
          id="password"
          label="Password"
          labelAside={
            <button type="button" className="btn btn-secondary btn-sm" aria-pressed={showPasswords}
              aria-controls="password confirm_password" onClick={() => setShowPasswords((v) => !v)}>
              {showPasswords ? 'Hide passwords' : 'Show passwords'}
            </button>
          }
          describedBy="password-rules"
          invalid={form.password !== '' && !rulesMet}
        >
          {(control) => (
            <>
              <input {...control} type={passwordType} className="input" autoComplete="new-password" required
                value={form.password} onChange={set('password')} />
              <PasswordChecklist id="password-rules" checks={checks} />
            </>
          )}
        </Field>
        <Field id="confirm_password" label="Confirm password" describedBy="password-match"
          invalid={form.confirm_password !== '' && !matches}>
          {(control) => (
            <>
              <input {...control} type={passwordType} className="input" autoComplete="new-password" required
                value={form.confirm_password} onChange={set('confirm_password')} />
              {form.confirm_password !== '' && <MatchIndicator id="password-match" matches={matches} />}
            </>
          )}
        </Field>
        {rulesMet && matches && (
          <p className="alert alert-success small" role="status">
            Great, your password is strong!
          </p>
        )}
        <SubmitButton busy={register.busy} busyText="Creating account…" disabled={!canSubmit} className="btn-block">
          Create Account
        </SubmitButton>
      </form>
      <p className="small center">
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { normalizeEmail, requestResetError, RESET_TOKEN_TTL_MINUTES } from '@/lib/auth/rules';
import type { ResetRequestedAnswer } from '@/lib/auth/types';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';

export function RequestResetForm() {
  const [email, setEmail] = useState('');
  const request = useSubmit({ failed: 'Failed to send reset email', network: 'Network error. Please try again.' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = requestResetError(email);
    if (invalid) {
      request.show(failure(invalid));
      return;
    }
    void request.run(async () => {
      const res = await request.send<ResetRequestedAnswer>('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email: normalizeEmail(email) },
      });
      if (!res.ok) return failure(res.error);
      return success(res.data.message);
    });
  }

  return (
    <div className="card auth-card stack">
      <h1>Reset your password</h1>
      <p className="center muted small">
        Enter the e-mail address of your account and we will send you a link to choose a new password. The link is
        valid for {RESET_TOKEN_TTL_MINUTES / 60} hour.
      </p>
      <Banner message={request.message} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field id="email" label="Email" invalid={request.message?.kind === 'error' && !email.trim()}>
          {(control) => (
            <input {...control} type="email" className="input" autoComplete="email" required
              value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <SubmitButton busy={request.busy} busyText="Sending…" className="btn-block">
          Send Reset Link
        </SubmitButton>
      </form>
      <div className="auth-links">
        <Link href="/login">Back to login</Link>
        <Link href="/register">Create an account</Link>
      </div>
    </div>
  );
}

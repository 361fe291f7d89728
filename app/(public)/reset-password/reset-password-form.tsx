'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  RESET_PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_MIN_LENGTH,
  RESET_SUCCESS_REDIRECT_SECONDS,
  resetPasswordError,
  RULE_MESSAGES,
} from '@/lib/auth/rules';
import type { PasswordResetAnswer, ResetTokenAnswer } from '@/lib/auth/types';
import { callApi } from '../../_components/data/call';
import { useResource, type Loaded } from '../../_components/data/use-resource';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';
import { LoadingScreen } from '../../_components/loading-screen';

/** What the link's check said: whose password it resets, or why it cannot. */
type Checked = { kind: 'valid'; firstName: string; email: string } | { kind: 'invalid'; error: string };

const NETWORK = 'Network error. Please try again.';

/** Checks the link. A refused link is an answer the screen shows; only an unreachable server is a failed load. */
async function verifyToken(token: string, signal: AbortSignal): Promise<Loaded<Checked>> {
  const path = `/api/auth/verify-reset-token/${encodeURIComponent(token)}`;
  const res = await callApi<ResetTokenAnswer>(path, { failed: 'Invalid or expired reset token' }, { signal });
  if (res.ok) return { ok: true, data: { kind: 'valid', firstName: res.data.user.first_name, email: res.data.user.email } };
  return res.network ? { ok: false, error: NETWORK } : { ok: true, data: { kind: 'invalid', error: res.error } };
}

/** Token verified on load (valid, invalid or network error), then the form, then success and /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const check = useResource(token || null, (signal) => verifyToken(token, signal), NETWORK);

  if (!token) return <Problem message={RULE_MESSAGES.resetLinkMissingToken} />;
  // The page has nothing else until the link is checked (a Try Again checks behind it too); a failure is the card's own.
  if (check.state.status === 'loading' || check.state.status === 'idle' || check.refreshing) return <LoadingScreen label="Checking your reset link…" />;
  if (check.state.status === 'error') {
    return (
      <Problem message={NETWORK}>
        <button type="button" className="btn btn-secondary btn-block" onClick={check.reload}>
          Try Again
        </button>
      </Problem>
    );
  }
  const checked = check.state.data;
  if (checked.kind === 'invalid') return <Problem message={checked.error} />;
  return <NewPasswordForm token={token} firstName={checked.firstName} email={checked.email} />;
}

function Problem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="card auth-card stack">
      <h1>Reset your password</h1>
      <Banner message={failure(message)} />
      {children}
      <div className="auth-links">
        <Link href="/request-password-reset">Request a new reset link</Link>
        <Link href="/login">Back to login</Link>
      </div>
    </div>
  );
}

function NewPasswordForm({ token, firstName, email }: { token: string; firstName: string; email: string }) {
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  const reset = useSubmit({ failed: 'Failed to reset password', network: 'Network error. Please try again.' });
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (done) return;
    const invalid = resetPasswordError(password, confirmation);
    if (invalid) {
      reset.show(failure(invalid));
      return;
    }
    void reset.run(async () => {
      const res = await reset.send<PasswordResetAnswer>('/api/auth/reset-password', {
        method: 'POST',
        body: { token, newPassword: password },
      });
      if (!res.ok) return failure(res.error);
      setDone(true);
      redirectTimer.current = setTimeout(() => router.push('/login'), RESET_SUCCESS_REDIRECT_SECONDS * 1000);
    });
  }

  return (
    <div className="card auth-card stack">
      <h1>Choose a new password</h1>
      <p className="center">
        Hi {firstName}, choose a new password for <strong className="break">{email}</strong>.
      </p>
      <Banner message={reset.message} />
      {done ? (
        <Banner message={success('Your password has been reset. Taking you to the login page…')} />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Field id="new_password" label="New password" hint={`${RESET_PASSWORD_MIN_LENGTH} to ${RESET_PASSWORD_MAX_LENGTH} characters.`}>
            {(control) => (
              <input {...control} type="password" className="input" autoComplete="new-password" required
                value={password} onChange={(e) => setPassword(e.target.value)} />
            )}
          </Field>
          <Field id="confirm_password" label="Confirm new password">
            {(control) => (
              <input {...control} type="password" className="input" autoComplete="new-password" required
                value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
            )}
          </Field>
          <SubmitButton busy={reset.busy} busyText="Resetting…" className="btn-block">
            Reset Password
          </SubmitButton>
        </form>
      )}
      <div className="auth-links">
        <Link href="/login">Back to login</Link>
      </div>
    </div>
  );
}

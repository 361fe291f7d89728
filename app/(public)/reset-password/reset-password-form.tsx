'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  RESET_PASSWORD_MAX_LENGTH,
  RESET_PASSWORD_MIN_LENGTH,
  RESET_SUCCESS_REDIRECT_SECONDS,
  resetPasswordError,
  RULE_MESSAGES,
} from '@/lib/auth/rules';
import { apiFetch } from '../../_components/api';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';
import { LoadingScreen } from '../../_components/loading-screen';

interface TokenAnswer {
  valid?: boolean;
  user?: { first_name: string; email: string };
  error?: string;
}

type TokenState =
  | { kind: 'checking' }
  | { kind: 'valid'; firstName: string; email: string }
  | { kind: 'invalid'; error: string }
  | { kind: 'network' };

async function verifyToken(token: string): Promise<TokenState> {
  try {
    const res = await apiFetch<TokenAnswer>(`/api/auth/verify-reset-token/${encodeURIComponent(token)}`);
    if (res.ok && res.data.valid && res.data.user) {
      return { kind: 'valid', firstName: res.data.user.first_name, email: res.data.user.email };
    }
    return { kind: 'invalid', error: res.data.error || 'Invalid or expired reset token' };
  } catch {
    return { kind: 'network' };
  }
}

/** Token verified on load (valid, invalid or network error), then the form, then success and /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [state, setState] = useState<TokenState>({ kind: 'checking' });

  const check = useCallback(() => verifyToken(token).then(setState), [token]);

  useEffect(() => {
    if (token) void check();
  }, [token, check]);

  if (!token) return <Problem message={RULE_MESSAGES.resetLinkMissingToken} />;
  if (state.kind === 'checking') return <LoadingScreen label="Checking your reset link…" />;
  if (state.kind === 'invalid') return <Problem message={state.error} />;
  if (state.kind === 'network') {
    return (
      <Problem message="Network error. Please try again.">
        <button
          type="button"
          className="btn btn-secondary btn-block"
          onClick={() => {
            setState({ kind: 'checking' });
            void check();
          }}
        >
          Try Again
        </button>
      </Problem>
    );
  }
  return <NewPasswordForm token={token} firstName={state.firstName} email={state.email} />;
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
      const res = await reset.send<{ success?: boolean; error?: string }>('/api/auth/reset-password', {
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

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
import { apiFetch, NetworkError } from '../../_components/api';
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
      <div className="alert alert-error" role="alert">
        {message}
      </div>
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || done) return;
    const invalid = resetPasswordError(password, confirmation);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const res = await apiFetch<{ success?: boolean; error?: string }>('/api/auth/reset-password', {
        method: 'POST',
        body: { token, newPassword: password },
      });
      if (res.ok && res.data.success) {
        setDone(true);
        redirectTimer.current = setTimeout(() => router.push('/login'), RESET_SUCCESS_REDIRECT_SECONDS * 1000);
      } else {
        setError(res.data.error || 'Failed to reset password');
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Failed to reset password');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card auth-card stack">
      <h1>Choose a new password</h1>
      <p className="center">
        Hi {firstName}, choose a new password for <strong className="break">{email}</strong>.
      </p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {done ? (
        <div className="alert alert-success" role="status">
          Your password has been reset. Taking you to the login page…
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <div className="field">
            <label htmlFor="new_password">New password</label>
            <input id="new_password" type="password" className="input" autoComplete="new-password" required
              aria-describedby="new_password-hint"
              value={password} onChange={(e) => setPassword(e.target.value)} />
            <span id="new_password-hint" className="hint">
              {RESET_PASSWORD_MIN_LENGTH} to {RESET_PASSWORD_MAX_LENGTH} characters.
            </span>
          </div>
          <div className="field">
            <label htmlFor="confirm_password">Confirm new password</label>
            <input id="confirm_password" type="password" className="input" autoComplete="new-password" required
              value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Resetting…' : 'Reset Password'}
          </button>
        </form>
      )}
      <div className="auth-links">
        <Link href="/login">Back to login</Link>
      </div>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAuth } from '../../_components/auth-context';
import { ErrorCode } from '@/lib/api/error-codes';
import type { LoginAnswer, LoginRefusal } from '@/lib/auth/types';
import { refusalOf } from '../../_components/data/refusal';
import { Banner, failure, Field, SubmitButton, useSubmit } from '../../_components/form';
import { saveVerifyEmailState } from '../verify-email/navigation-state';
import { forgetSavedPages } from '../../_components/offline/saved-pages';

type FailureKind = 'pending' | 'disabled' | 'credentials' | 'network' | 'rate_limited';

/**
 * Login failure classes (spec section 4): by the error text, with a network failure apart. Too many
 * attempts is a class of its own, read from the answer's code: the credentials help would only invite more
 * guessing.
 */
function classify(message: string, status: number, code?: ErrorCode): FailureKind {
  if (status === 429 || code === ErrorCode.RATE_LIMITED) return 'rate_limited';
  if (message.includes('pending approval')) return 'pending';
  if (message.includes('disabled')) return 'disabled';
  return 'credentials';
}

function HelpPanel({ kind }: { kind: FailureKind }) {
  if (kind === 'pending') {
    return (
      <div className="alert alert-info" data-testid="help-pending">
        <h2>Your account is awaiting approval</h2>
        <ul>
          <li>Check your e-mail for a welcome message from us.</li>
          <li>You will get another e-mail as soon as an administrator approves your account.</li>
          <li>Approval typically takes 24-48 hours.</li>
        </ul>
      </div>
    );
  }
  if (kind === 'disabled') {
    return (
      <div className="alert alert-warn" data-testid="help-disabled">
        <h2>This account is disabled</h2>
        <p>
          If you think this is a mistake, <a href="mailto:support@ncbourbontracker.example">Contact our support team</a>.
        </p>
      </div>
    );
  }
  if (kind === 'rate_limited') {
    return (
      <div className="alert alert-warn" data-testid="help-rate-limited">
        <h2>Too many sign-in attempts</h2>
        <ul>
          <li>To protect your account, signing in is paused for a while. Wait, then try again.</li>
          <li>
            Not sure of your password? <Link href="/request-password-reset">Reset it</Link> instead of guessing.
          </li>
        </ul>
      </div>
    );
  }
  if (kind === 'network') {
    return (
      <div className="alert alert-warn" data-testid="help-network">
        <h2>We could not reach the server</h2>
        <p>Check your connection and try again in a moment.</p>
      </div>
    );
  }
  return (
    <div className="alert alert-info" data-testid="help-credentials">
      <h2>Having trouble signing in?</h2>
      <ul>
        <li>Check that your e-mail address and password are typed correctly.</li>
        <li>Make sure Caps Lock is off.</li>
        <li>
          <Link href="/request-password-reset">Forgot your password?</Link>
        </li>
      </ul>
    </div>
  );
}

export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const { refresh } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [help, setHelp] = useState<FailureKind | null>(null);
  const login = useSubmit({ failed: 'Network or server error. Please try again.', network: 'Network error' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setHelp(null);
    if (!email.trim() || !password) {
      login.show(failure('Email and password are required.'));
      return;
    }
    void login.run(async () => {
      const address = email.trim().toLowerCase();
      const res = await login.send<LoginAnswer>('/api/auth/login', { method: 'POST', body: { email: address, password } });
      if (!res.ok) {
        if (res.network) {
          setHelp('network');
          return failure(res.error);
        }
        const refusal = refusalOf<LoginRefusal>(res);
        const message = refusal.error || refusal.message || 'Login failed';
        if (res.status === 403 && refusal.code === ErrorCode.EMAIL_NOT_VERIFIED) {
          // Not verified yet: the verify-email screen takes over, with the server's message.
          saveVerifyEmailState({ email: refusal.email || address, message });
          router.push('/verify-email');
          return;
        }
        setHelp(classify(message, res.status, refusal.code));
        return failure(message);
      }
      const user = await refresh();
      if (!user) return failure('Logged in, but could not load user profile.');
      // A page saved for offline reading by whoever used this browser before (a session that expired
      // without a logout) is not this user's.
      await forgetSavedPages();
      router.replace(next);
      router.refresh();
    });
  }

  return (
    <div className="card auth-card stack">
      <h1>Log in</h1>
      <Banner message={login.message} />
      {help && <HelpPanel kind={help} />}
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field id="email" label="Email">
          {(control) => (
            <input {...control} name="email" type="email" className="input" autoComplete="email" required
              value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <Field id="password" label="Password">
          {(control) => (
            <input {...control} name="password" type="password" className="input" autoComplete="current-password" required
              value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </Field>
        <SubmitButton busy={login.busy} busyText="Logging in…" className="btn-block">
          Log In
        </SubmitButton>
      </form>
      <div className="auth-links">
        <Link href="/register">Create an account</Link>
        <Link href="/request-password-reset">Forgot password?</Link>
      </div>
    </div>
  );
}

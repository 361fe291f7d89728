'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  RESEND_COOLDOWN_SECONDS,
  VERIFICATION_ATTEMPTS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFY_SUCCESS_REDIRECT_SECONDS,
  verificationCodeError,
} from '@/lib/auth/rules';
import { apiFetch, NetworkError } from '../../_components/api';
import { LoadingScreen } from '../../_components/loading-screen';
import { CodeInputs } from './code-inputs';
import { readVerifyEmailState, VERIFY_EMAIL_STATE_KEY, type VerifyEmailState } from './navigation-state';

const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
const emptyCode = () => Array<string>(VERIFICATION_CODE_LENGTH).fill('');

interface VerifyAnswer {
  success?: boolean;
  message?: string;
  error?: string;
  code?: string;
  remainingAttempts?: number;
  waitTime?: number;
}

const noSubscribe = () => () => {};

/** Reads the navigation state; `undefined` while rendering on the server (not known yet). */
function useVerifyEmailState(): VerifyEmailState | null | undefined {
  const raw = useSyncExternalStore(
    noSubscribe,
    () => sessionStorage.getItem(VERIFY_EMAIL_STATE_KEY),
    () => undefined,
  );
  return useMemo(() => (raw === undefined ? undefined : readVerifyEmailState(raw)), [raw]);
}

export function VerifyEmailForm() {
  const state = useVerifyEmailState();
  const router = useRouter();

  useEffect(() => {
    if (state === null) router.replace('/register');
  }, [state, router]);

  if (!state) return <LoadingScreen />;
  return <VerifyEmail email={state.email} initialMessage={state.message} registration={state.registration} />;
}

function VerifyEmail({ email, initialMessage, registration }: { email: string; initialMessage?: string; registration?: string }) {
  const router = useRouter();
  const [digits, setDigits] = useState(emptyCode);
  const [attempts, setAttempts] = useState(VERIFICATION_ATTEMPTS);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialMessage ?? null);
  const [resending, setResending] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  /** Set when the server asked us to wait; the countdown shows on the resend button. */
  const [mustWait, setMustWait] = useState(false);
  const firstBox = useRef<HTMLInputElement | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  function fail(message: string) {
    setError(message);
    setDigits(emptyCode());
    firstBox.current?.focus();
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault();
    if (busy || verified) return;
    setNotice(null);
    setMustWait(false);
    const code = digits.join('');
    const incomplete = verificationCodeError(code);
    if (incomplete) {
      setError(incomplete);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await apiFetch<VerifyAnswer>('/api/auth/verify-email', { method: 'POST', body: { email, code, registration } });
      if (res.ok && res.data.success !== false) {
        // The navigation state is cleared on /verification-success: clearing it here would send this
        // screen to /register before the redirect.
        setVerified(res.data.message || 'Your e-mail address is verified.');
        redirectTimer.current = setTimeout(
          () => router.push('/verification-success'),
          VERIFY_SUCCESS_REDIRECT_SECONDS * 1000,
        );
        return;
      }
      if (res.data.code === 'EXPIRED') {
        fail('Verification code has expired. Please request a new one.');
      } else if (res.data.code === 'TOO_MANY_ATTEMPTS') {
        setAttempts(0);
        fail('Too many attempts. Please request a new verification code.');
      } else {
        if (typeof res.data.remainingAttempts === 'number') setAttempts(Math.max(0, res.data.remainingAttempts));
        fail(res.data.error || 'Verification failed');
      }
    } catch (e) {
      fail(e instanceof NetworkError ? NETWORK_ERROR : 'Verification failed');
    } finally {
      setBusy(false);
    }
  }

  async function onResend() {
    if (resending || cooldown > 0) return;
    setResending(true);
    setError(null);
    setNotice(null);
    setMustWait(false);
    try {
      const res = await apiFetch<VerifyAnswer>('/api/auth/resend-verification', { method: 'POST', body: { email } });
      if (res.ok) {
        setNotice(res.data.message || 'A new verification code is on its way.');
        setAttempts(VERIFICATION_ATTEMPTS);
        setDigits(emptyCode());
        setCooldown(RESEND_COOLDOWN_SECONDS);
      } else if (typeof res.data.waitTime === 'number' && res.data.waitTime > 0) {
        const seconds = Math.ceil(res.data.waitTime);
        setError(`Please wait ${seconds} seconds before requesting a new code`);
        setMustWait(true);
        setCooldown(seconds);
      } else {
        setError(res.data.error || 'Failed to resend code');
      }
    } catch (e) {
      setError(e instanceof NetworkError ? NETWORK_ERROR : 'Failed to resend code');
    } finally {
      setResending(false);
    }
  }

  // The "please wait" message goes away once the countdown on the resend button has run out.
  const shownError = mustWait && cooldown === 0 ? null : error;

  return (
    <div className="card auth-card stack">
      <h1>Verify your e-mail</h1>
      <p className="center">
        We sent a 6-digit code to <strong className="break">{email}</strong>. It expires in {VERIFICATION_CODE_TTL_MINUTES}{' '}
        minutes.
      </p>
      {notice && (
        <div className="alert alert-info" role="status" data-testid="verify-notice">
          {notice}
        </div>
      )}
      {verified && (
        <div className="alert alert-success" role="status">
          {verified} Taking you to the next step…
        </div>
      )}
      {shownError && (
        <div className="alert alert-error" role="alert">
          {shownError}
        </div>
      )}
      <form className="form" onSubmit={onVerify} noValidate>
        <CodeInputs
          digits={digits}
          onChange={setDigits}
          disabled={Boolean(verified)}
          invalid={Boolean(error)}
          inputRef={(el) => {
            firstBox.current = el;
          }}
        />
        <p className="center small" aria-live="polite" data-testid="attempts">
          Attempts remaining: <strong>{attempts}</strong>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || Boolean(verified) || attempts === 0}>
          {busy ? 'Verifying…' : 'Verify Email'}
        </button>
      </form>
      <div className="stack center small">
        <p className="muted">Didn&apos;t get the code? Check your spam folder, or request a new one.</p>
        <div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onResend}
            disabled={resending || cooldown > 0 || Boolean(verified)}
          >
            {resending ? 'Sending…' : cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
          </button>
        </div>
        <div className="auth-links">
          <Link href="/register">Use a different e-mail address</Link>
          <Link href="/login">Back to login</Link>
        </div>
      </div>
    </div>
  );
}

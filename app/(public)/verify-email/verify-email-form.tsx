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
import { ErrorCode, SuccessCode } from '@/lib/api/error-codes';
import type { ResendAnswer, ResendRefusal, VerifyAnswer, VerifyRefusal } from '@/lib/auth/types';
import { refusalOf } from '../../_components/data/refusal';
import { Banner, failure, info, SubmitButton, success, useSubmit, type Message } from '../../_components/form';
import { LoadingScreen } from '../../_components/loading-screen';
import { CodeInputs } from './code-inputs';
import { readVerifyEmailState, VERIFY_EMAIL_STATE_KEY, type VerifyEmailState } from './navigation-state';

const NETWORK_ERROR = 'Network error. Please check your connection and try again.';
const emptyCode = () => Array<string>(VERIFICATION_CODE_LENGTH).fill('');

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
  return <VerifyEmail email={state.email} initialMessage={state.message} />;
}

function VerifyEmail({ email, initialMessage }: { email: string; initialMessage?: string }) {
  const router = useRouter();
  const [digits, setDigits] = useState(emptyCode);
  const [attempts, setAttempts] = useState(VERIFICATION_ATTEMPTS);
  const [verified, setVerified] = useState<string | null>(null);
  // One banner for both calls: an error, or a notice (the message passed along, a resent code).
  const [message, setMessage] = useState<Message | null>(initialMessage ? info(initialMessage) : null);
  const verify = useSubmit({ failed: 'Verification failed', network: NETWORK_ERROR, report: setMessage });
  const resend = useSubmit({ failed: 'Failed to resend code', network: NETWORK_ERROR, report: setMessage });
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

  /** A failed attempt empties the boxes for the next try. */
  function fail(text: string) {
    setDigits(emptyCode());
    firstBox.current?.focus();
    return failure(text);
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (verified) return;
    setMustWait(false);
    const code = digits.join('');
    const incomplete = verificationCodeError(code);
    if (incomplete) {
      setMessage(failure(incomplete));
      return;
    }
    void verify.run(async () => {
      const res = await verify.send<VerifyAnswer>('/api/auth/verify-email', { method: 'POST', body: { email, code } });
      if (res.ok) {
        // The navigation state is cleared on /verification-success: clearing it here would send this
        // screen to /register before the redirect. CHOOSE_PASSWORD: the address was registered more than
        // once, so no password was kept and a link to choose one is on its way; the next screen says so.
        setVerified(res.data.message);
        const next = res.data.code === SuccessCode.CHOOSE_PASSWORD ? '/verification-success?password=choose' : '/verification-success';
        redirectTimer.current = setTimeout(() => router.push(next), VERIFY_SUCCESS_REDIRECT_SECONDS * 1000);
        return;
      }
      const refusal = refusalOf<VerifyRefusal>(res);
      if (refusal.code === ErrorCode.EXPIRED) return fail('Verification code has expired. Please request a new one.');
      if (refusal.code === ErrorCode.TOO_MANY_ATTEMPTS) {
        setAttempts(0);
        return fail('Too many attempts. Please request a new verification code.');
      }
      if (typeof refusal.remainingAttempts === 'number') setAttempts(Math.max(0, refusal.remainingAttempts));
      return fail(res.error);
    });
  }

  function onResend() {
    if (cooldown > 0) return;
    setMustWait(false);
    void resend.run(async () => {
      const res = await resend.send<ResendAnswer>('/api/auth/resend-verification', { method: 'POST', body: { email } });
      if (res.ok) {
        setAttempts(VERIFICATION_ATTEMPTS);
        setDigits(emptyCode());
        setCooldown(RESEND_COOLDOWN_SECONDS);
        return info(res.data.message);
      }
      const { waitTime } = refusalOf<ResendRefusal>(res);
      if (typeof waitTime === 'number' && waitTime > 0) {
        const seconds = Math.ceil(waitTime);
        setMustWait(true);
        setCooldown(seconds);
        return failure(`Please wait ${seconds} seconds before requesting a new code`);
      }
      return failure(res.error);
    });
  }

  const error = message?.kind === 'error' ? message : null;
  // The "please wait" message goes away once the countdown on the resend button has run out.
  const shownError = mustWait && cooldown === 0 ? null : error;

  return (
    <div className="card auth-card stack">
      <h1>Verify your e-mail</h1>
      <p className="center">
        We sent a 6-digit code to <strong className="break">{email}</strong>. It expires in {VERIFICATION_CODE_TTL_MINUTES}{' '}
        minutes.
      </p>
      <Banner message={message?.kind === 'info' ? message : null} testId="verify-notice" />
      <Banner message={verified ? success(`${verified} Taking you to the next step…`) : null} />
      <Banner message={shownError} />
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
        <SubmitButton busy={verify.busy} busyText="Verifying…" disabled={Boolean(verified) || attempts === 0} className="btn-block">
          Verify Email
        </SubmitButton>
      </form>
      <div className="stack center small">
        <p className="muted">Didn&apos;t get the code? Check your spam folder, or request a new one.</p>
        <div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={onResend}
            disabled={resend.busy || cooldown > 0 || Boolean(verified)}
          >
            {resend.busy ? 'Sending…' : cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
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

'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { apiFetch } from '../../_components/api';
import { Banner, failure, info, SubmitButton, success, useSubmit } from '../../_components/form';
import { LoadingScreen } from '../../_components/loading-screen';

type State =
  | { kind: 'checking' }
  | { kind: 'ready'; email: string | null; enabled: boolean }
  | { kind: 'done' }
  | { kind: 'invalid'; error: string }
  | { kind: 'network' };

const NETWORK = 'Network error. Please check your connection and try again.';

async function checkToken(token: string): Promise<State> {
  try {
    const res = await apiFetch<{ valid?: boolean; email?: string | null; enabled?: boolean; error?: string }>(
      `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    if (res.ok && res.data.valid) return { kind: 'ready', email: res.data.email ?? null, enabled: Boolean(res.data.enabled) };
    return { kind: 'invalid', error: res.data.error || ALERT_MESSAGES.invalidToken };
  } catch {
    return { kind: 'network' };
  }
}

/**
 * Opening the link only checks it (mail scanners open links too); the button turns the alerts off. No
 * sign-in: the signed token in the link names the account.
 */
export function UnsubscribeCard({ token }: { token: string }) {
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'invalid', error: ALERT_MESSAGES.invalidToken });
  const unsubscribe = useSubmit({ failed: 'Could not unsubscribe. Please try again.', network: NETWORK });

  const check = useCallback(() => checkToken(token).then(setState), [token]);

  useEffect(() => {
    if (token) void check();
  }, [token, check]);

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    void unsubscribe.run(async () => {
      const res = await unsubscribe.send('/api/alerts/unsubscribe', { method: 'POST', body: { token } });
      if (!res.ok) return failure(res.error);
      setState({ kind: 'done' });
    });
  }

  if (state.kind === 'checking') return <LoadingScreen label="Checking your unsubscribe link…" />;

  return (
    <div className="card auth-card stack" data-testid="unsubscribe">
      <h1>Arrival alerts</h1>
      {state.kind === 'invalid' && <Banner message={failure(state.error)} />}
      {state.kind === 'network' && (
        <>
          <Banner message={failure(NETWORK)} />
          <button type="button" className="btn btn-secondary btn-block" onClick={() => { setState({ kind: 'checking' }); void check(); }}>
            Try Again
          </button>
        </>
      )}
      {state.kind === 'ready' && !state.enabled && (
        <Banner
          message={info(
            <>
              Arrival alerts are already off{state.email ? <> for <strong className="break">{state.email}</strong></> : null}. You will not get alert e-mails.
            </>,
          )}
        />
      )}
      {state.kind === 'ready' && state.enabled && (
        <>
          <p className="center">
            Stop e-mailing arrival alerts{state.email ? <> to <strong className="break">{state.email}</strong></> : null}?
            You can turn them back on from your profile at any time.
          </p>
          <Banner message={unsubscribe.message} />
          <form onSubmit={onConfirm}>
            <SubmitButton busy={unsubscribe.busy} busyText="Unsubscribing…" className="btn-block">
              Unsubscribe
            </SubmitButton>
          </form>
        </>
      )}
      {state.kind === 'done' && <Banner message={success(ALERT_MESSAGES.unsubscribed)} />}
      <div className="auth-links">
        <Link href="/profile#arrival-alerts">Alert settings</Link>
        <Link href="/">Home</Link>
      </div>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { apiFetch } from '../../_components/api';
import { Banner, failure, info, SubmitButton, success, useSubmit } from '../../_components/form';
import { LoadingScreen } from '../../_components/loading-screen';
import { useResource, type Loaded } from '../../_components/reports/use-resource';

/** What the link's check said: whose alerts it turns off, or why it cannot. */
type Checked = { kind: 'ready'; email: string | null; enabled: boolean } | { kind: 'invalid'; error: string };

const NETWORK = 'Network error. Please check your connection and try again.';
const INVALID: Checked = { kind: 'invalid', error: ALERT_MESSAGES.invalidToken };

/** Checks the link. Only an unreachable server is a failed load (it throws: useResource shows NETWORK). */
async function checkToken(token: string, signal: AbortSignal): Promise<Loaded<Checked>> {
  const res = await apiFetch<{ valid?: boolean; email?: string | null; enabled?: boolean; error?: string }>(
    `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    { signal },
  );
  if (res.ok && res.data.valid) return { ok: true, data: { kind: 'ready', email: res.data.email ?? null, enabled: Boolean(res.data.enabled) } };
  return { ok: true, data: { kind: 'invalid', error: res.data.error || ALERT_MESSAGES.invalidToken } };
}

/**
 * Opening the link only checks it (mail scanners open links too); the button turns the alerts off. No
 * sign-in: the signed token in the link names the account.
 */
export function UnsubscribeCard({ token }: { token: string }) {
  const check = useResource(token || null, (signal) => checkToken(token, signal), NETWORK);
  const [done, setDone] = useState(false);
  const unsubscribe = useSubmit({ failed: 'Could not unsubscribe. Please try again.', network: NETWORK });

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    void unsubscribe.run(async () => {
      const res = await unsubscribe.send('/api/alerts/unsubscribe', { method: 'POST', body: { token } });
      if (!res.ok) return failure(res.error);
      setDone(true);
    });
  }

  // Try Again after a network failure checks again behind the loading screen, as the first check did.
  if (check.state.status === 'loading' || check.refreshing) return <LoadingScreen label="Checking your unsubscribe link…" />;
  const view: Checked | { kind: 'done' } | { kind: 'network' } = done
    ? { kind: 'done' }
    : check.state.status === 'ready'
      ? check.state.data
      : check.state.status === 'error'
        ? { kind: 'network' }
        : INVALID; // no token

  return (
    <div className="card auth-card stack" data-testid="unsubscribe">
      <h1>Arrival alerts</h1>
      {view.kind === 'invalid' && <Banner message={failure(view.error)} />}
      {view.kind === 'network' && (
        <>
          <Banner message={failure(NETWORK)} />
          <button type="button" className="btn btn-secondary btn-block" onClick={check.reload}>
            Try Again
          </button>
        </>
      )}
      {view.kind === 'ready' && !view.enabled && (
        <Banner
          message={info(
            <>
              Arrival alerts are already off{view.email ? <> for <strong className="break">{view.email}</strong></> : null}. You will not get alert e-mails.
            </>,
          )}
        />
      )}
      {view.kind === 'ready' && view.enabled && (
        <>
          <p className="center">
            Stop e-mailing arrival alerts{view.email ? <> to <strong className="break">{view.email}</strong></> : null}?
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
      {view.kind === 'done' && <Banner message={success(ALERT_MESSAGES.unsubscribed)} />}
      <div className="auth-links">
        <Link href="/profile#arrival-alerts">Alert settings</Link>
        <Link href="/">Home</Link>
      </div>
    </div>
  );
}

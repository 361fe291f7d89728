'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import type { UnsubscribeCheckAnswer, UnsubscribedAnswer } from '@/lib/alerts/channels/email/types';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { callApi } from '../../_components/data/call';
import { useResource, type Loaded } from '../../_components/data/use-resource';
import { Banner, failure, info, SubmitButton, success, useSubmit } from '../../_components/form';
import { LoadingScreen } from '../../_components/loading-screen';

/** What the link's check said: whose alerts it turns off, or why it cannot. */
type Checked = { kind: 'ready'; email: string | null; enabled: boolean } | { kind: 'invalid'; error: string };

const NETWORK = 'Network error. Please check your connection and try again.';
const INVALID: Checked = { kind: 'invalid', error: ALERT_MESSAGES.invalidToken };

/** Checks the link. A refused link is an answer the card shows; only an unreachable server is a failed load. */
async function checkToken(token: string, signal: AbortSignal): Promise<Loaded<Checked>> {
  const path = `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  const res = await callApi<UnsubscribeCheckAnswer>(path, { failed: ALERT_MESSAGES.invalidToken }, { signal });
  if (res.ok) return { ok: true, data: { kind: 'ready', email: res.data.email, enabled: res.data.enabled } };
  return res.network ? { ok: false, error: NETWORK } : { ok: true, data: { kind: 'invalid', error: res.error } };
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
      const res = await unsubscribe.send<UnsubscribedAnswer>('/api/alerts/unsubscribe', { method: 'POST', body: { token } });
      if (!res.ok) return failure(res.error);
      setDone(true);
    });
  }

  // The page has nothing else until the link is checked (a Try Again checks behind it too); a failure is the card's own.
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

'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { apiFetch, NetworkError } from '../../_components/api';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(() => checkToken(token).then(setState), [token]);

  useEffect(() => {
    if (token) void check();
  }, [token, check]);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await apiFetch<{ success?: boolean; error?: string }>('/api/alerts/unsubscribe', { method: 'POST', body: { token } });
      if (res.ok && res.data.success) setState({ kind: 'done' });
      else setError(res.data.error || 'Could not unsubscribe. Please try again.');
    } catch (e) {
      setError(e instanceof NetworkError ? NETWORK : 'Could not unsubscribe. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'checking') return <LoadingScreen label="Checking your unsubscribe link…" />;

  return (
    <div className="card auth-card stack" data-testid="unsubscribe">
      <h1>Arrival alerts</h1>
      {state.kind === 'invalid' && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      {state.kind === 'network' && (
        <>
          <div className="alert alert-error" role="alert">
            {NETWORK}
          </div>
          <button type="button" className="btn btn-secondary btn-block" onClick={() => { setState({ kind: 'checking' }); void check(); }}>
            Try Again
          </button>
        </>
      )}
      {state.kind === 'ready' && !state.enabled && (
        <div className="alert alert-info" role="status">
          Arrival alerts are already off{state.email ? <> for <strong className="break">{state.email}</strong></> : null}. You will not get alert e-mails.
        </div>
      )}
      {state.kind === 'ready' && state.enabled && (
        <>
          <p className="center">
            Stop e-mailing arrival alerts{state.email ? <> to <strong className="break">{state.email}</strong></> : null}?
            You can turn them back on from your profile at any time.
          </p>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <button type="button" className="btn btn-primary btn-block" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </>
      )}
      {state.kind === 'done' && (
        <div className="alert alert-success" role="status">
          {ALERT_MESSAGES.unsubscribed}
        </div>
      )}
      <div className="auth-links">
        <Link href="/profile#arrival-alerts">Alert settings</Link>
        <Link href="/">Home</Link>
      </div>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import type { AlertSettingsAnswer } from '@/lib/alerts/types';
import { getJson } from '../../../_components/data/get-json';
import { ResourceView } from '../../../_components/data/resource-view';
import { useResource, type Loaded } from '../../../_components/data/use-resource';
import { alertsOn } from './alert-form';
import { AlertSettingsForm, type SavedAlerts } from './alert-settings-form';

/** Every failure, a refusal too, says loadFailed. */
async function loadSettings(signal: AbortSignal): Promise<Loaded<AlertSettingsAnswer>> {
  const res = await getJson<AlertSettingsAnswer>('/api/alerts/settings', ALERT_MESSAGES.loadFailed, signal);
  return res.ok ? res : { ok: false, error: ALERT_MESSAGES.loadFailed };
}

/**
 * The "Arrival alerts" card: loads GET /api/alerts/settings, says whether alerts are on (some channel, as last
 * saved) and shows the form (alert-settings-form.tsx), which saves with PUT.
 */
export function ArrivalAlertsCard() {
  const { state, reload } = useResource('alert-settings', loadSettings, ALERT_MESSAGES.loadFailed);
  // What the form last saved; until then, what was loaded.
  const [saved, setSaved] = useState<SavedAlerts | null>(null);
  const loaded = state.status === 'ready' ? state.data : null;
  const savedOn = alertsOn((saved ?? loaded)?.channels ?? []);

  return (
    <section className="card stack" id="arrival-alerts" aria-labelledby="alerts-heading" data-testid="arrival-alerts">
      <div className="row spread nowrap alerts-head">
        <div>
          <h2 id="alerts-heading">Arrival alerts</h2>
          <p className="muted small">
            A message when a bottle from your <Link href="/watchlist">watchlist</Link> lands on a shelf of the boards you choose, or
            the state ships it to one of them.
          </p>
        </div>
        {loaded && (
          <span className={`badge ${savedOn ? 'badge-active' : ''}`} data-testid="alerts-status">
            {savedOn ? 'On' : 'Off'}
          </span>
        )}
      </div>
      <ResourceView
        state={state}
        onRetry={reload}
        // No role="status" here: the profile form's banners are the page's status messages.
        loading={<p className="muted">Loading your alert settings…</p>}
      >
        {(answer) => <AlertSettingsForm initial={answer} options={answer} onSaved={setSaved} />}
      </ResourceView>
    </section>
  );
}

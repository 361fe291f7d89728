'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { PUSH_MESSAGES } from '@/lib/alerts/channels/push/rules';
import type {
  DeviceAddedAnswer,
  DeviceRemovedAnswer,
  DevicesAnswer,
  PublicKeyAnswer,
  PushDeviceDto,
  PushTestAnswer,
} from '@/lib/alerts/channels/push/types';
import { usDate, usDateTime } from '@/lib/reports-client/format';
import { Banner, failure, info, success, useSubmit } from '../../../_components/form';
import { getJson } from '../../../_components/data/get-json';
import { ResourceView } from '../../../_components/data/resource-view';
import { useResource, type Loaded } from '../../../_components/data/use-resource';
import { currentSubscription, endpointKey, pushSupport, subscribeBrowser, watchPermission, WorkerMissingError } from './browser-push';

async function loadDevices(signal: AbortSignal): Promise<Loaded<DevicesAnswer>> {
  return getJson<DevicesAnswer>('/api/push/devices', PUSH_MESSAGES.loadFailed, signal);
}

type Key = 'on' | 'test' | `remove-${number}`;

/** The words for a device's last delivery. */
function deliveryLine(d: PushDeviceDto): string {
  const added = `Added ${usDate(d.added_at)}`;
  if (d.failure_count > 0 && d.last_failure_at) return `${added} · last attempt failed ${usDateTime(d.last_failure_at)}`;
  return `${added} · ${d.last_success_at ? `last delivered ${usDateTime(d.last_success_at)}` : 'nothing delivered yet'}`;
}

/**
 * "Notifications on this device": turns Web Push on for this browser (permission is asked only on that
 * click), says why it cannot be (no support, iPhone not installed, blocked), lists the user's devices with
 * Remove, and sends a test notification.
 */
export function PushCard() {
  const { state, reload } = useResource('push-devices', loadDevices, PUSH_MESSAGES.loadFailed);
  const calls = useSubmit<Key>({ failed: PUSH_MESSAGES.subscribeFailed });
  // What this browser can do (null on the server, which cannot know) and its subscription's key.
  const support = useSyncExternalStore(watchPermission, pushSupport, () => null);
  const supported = support === 'default' || support === 'granted' || support === 'denied';
  const [thisKey, setThisKey] = useState<string | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return;
    void currentSubscription()
      .then((sub) => (sub ? endpointKey(sub.endpoint) : null))
      .then(setThisKey, () => setThisKey(null));
  }, []);

  const devices = state.status === 'ready' ? state.data.devices : [];
  const thisDevice = thisKey ? devices.find((d) => d.endpoint_key === thisKey) : undefined;
  const on = Boolean(thisDevice) && support === 'granted';

  function turnOn() {
    void calls.run(async () => {
      // Asked only here, on the user's click; the answer re-renders through useSyncExternalStore.
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return;
      if (permission !== 'granted') return info('Notifications stay off: choose Allow when your browser asks.');
      const key = await calls.send<PublicKeyAnswer>('/api/push/public-key');
      if (!key.ok) return failure(key.error);
      let subscription: PushSubscription;
      try {
        subscription = await subscribeBrowser(key.data.public_key);
      } catch (error) {
        return failure(error instanceof WorkerMissingError ? PUSH_MESSAGES.workerMissing : PUSH_MESSAGES.subscribeFailed);
      }
      const saved = await calls.send<DeviceAddedAnswer>('/api/push/devices', { method: 'POST', body: subscription.toJSON() });
      if (!saved.ok) return failure(saved.error);
      setThisKey(await endpointKey(subscription.endpoint));
      reload();
      return success(saved.data.message);
    }, 'on');
  }

  function remove(device: PushDeviceDto) {
    void calls.run(async () => {
      const res = await calls.send<DeviceRemovedAnswer>(`/api/push/devices/${device.device_id}`, { method: 'DELETE' });
      if (!res.ok) return failure(res.error);
      if (device.endpoint_key === thisKey) {
        // This browser: stop its subscription too, so the browser holds nothing we no longer send to.
        await currentSubscription().then((sub) => sub?.unsubscribe()).catch(() => undefined);
        setThisKey(null);
      }
      reload();
      return success(res.data.message);
    }, `remove-${device.device_id}`);
  }

  function sendTest() {
    void calls.run(async () => {
      const res = await calls.send<PushTestAnswer>('/api/push/test', { method: 'POST', body: {} });
      if (!res.ok) return failure(res.error || PUSH_MESSAGES.testFailed);
      if (res.data.removed) reload();
      return res.data.sent ? success(res.data.message) : failure(res.data.message);
    }, 'test');
  }

  const blocked = support === 'denied';

  return (
    <section className="card stack" id="notifications" aria-labelledby="push-heading" data-testid="push-notifications">
      <div className="row spread nowrap alerts-head">
        <div>
          <h2 id="push-heading">Notifications on this device</h2>
          <p className="muted small">A notification on this phone or computer, even when the site is closed, for the arrivals your alerts follow.</p>
        </div>
        {support && (
          <span className={`badge ${on ? 'badge-active' : ''}`} data-testid="push-status">
            {on ? 'On' : 'Off'}
          </span>
        )}
      </div>

      {(support === 'unsupported' || support === 'unsupported-ios') && (
        <div className="alert alert-info" data-testid="push-unsupported">
          {support === 'unsupported-ios' ? PUSH_MESSAGES.iosNotInstalled : PUSH_MESSAGES.unsupported}
        </div>
      )}
      {blocked && (
        <div className="alert alert-warn" data-testid="push-blocked">
          {PUSH_MESSAGES.denied}
        </div>
      )}
      <Banner message={calls.message} testId="push-message" />

      {supported && !blocked && !on && (
        <div>
          <button type="button" className="btn btn-primary" onClick={turnOn} disabled={calls.isBusy('on')}>
            {calls.isBusy('on') ? 'Turning on…' : 'Turn on notifications on this device'}
          </button>
        </div>
      )}

      <div className="stack-sm">
        <h3 className="small">Your devices</h3>
        <ResourceView state={state} onRetry={reload} loading={<p className="muted small">Loading your devices…</p>}>
          {({ devices }) =>
            devices.length ? (
              <ul className="list-plain device-list" aria-label="Devices with notifications on">
                {devices.map((d) => (
                  <li key={d.device_id} className="device-row" data-testid="push-device">
                    <div className="device-text">
                      <strong>{d.label}</strong>
                      {d.endpoint_key === thisKey && <span className="badge badge-active device-this">This device</span>}
                      <div className="muted small">{deliveryLine(d)}</div>
                    </div>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => remove(d)} disabled={calls.isBusy(`remove-${d.device_id}`)}
                      aria-label={`Remove ${d.label}, added ${usDate(d.added_at)}`}>
                      {calls.isBusy(`remove-${d.device_id}`) ? 'Removing…' : 'Remove'}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted small">No device gets notifications yet.</p>
            )
          }
        </ResourceView>
      </div>

      {devices.length > 0 && (
        <div>
          <button type="button" className="btn btn-secondary" onClick={sendTest} disabled={calls.isBusy('test')}>
            {calls.isBusy('test') ? 'Sending…' : 'Send a test notification'}
          </button>
        </div>
      )}
    </section>
  );
}

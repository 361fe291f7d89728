import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startTestChannels } from '@/testing/channels';
import { newUser, query, withTestDatabase } from '@/testing/harness';
import type { AlertContent } from '../../compose.ts';
import { renderPush } from './render.ts';
import { subscribe } from './devices.ts';
import type { PushPayload } from './rules.ts';
import { PUSH_TTL_SECONDS, sendPush, sendPushToUser } from './send.ts';

// Real Web Push: each message is encrypted to the browser's keys and signed with our VAPID key by web-push,
// posted to a real push service on this machine (web-push-testing), which checks the signature against the
// key the subscription was made with and decrypts it; the test reads the plaintext the device would get.

const channels = await startTestChannels();
withTestDatabase('migrated', 'push_send');

/** A browser's subscription at the local push service, stored for `userId` as POST /api/push/devices would. */
async function device(userId: number, applicationServerKey = channels.vapid.publicKey) {
  const sub = await channels.push.subscribe(applicationServerKey);
  const dto = await subscribe(userId, { endpoint: sub.endpoint, keys: sub.keys }, 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36');
  return { ...sub, id: dto.device_id, stored: { id: dto.device_id, endpoint: sub.endpoint, ...sub.keys } };
}

const row = async (id: number) =>
  (await query<{ last_success_at: Date | null; last_failure_at: Date | null; failure_count: number; last_error: string | null }>(
    'SELECT last_success_at, last_failure_at, failure_count, last_error FROM push_subscriptions WHERE id = $1',
    [id],
  ))[0];

const arrival: AlertContent = {
  products: [
    {
      plu: '27090',
      name: "Blanton's Single Barrel",
      listingType: 'Allocation',
      retailPrice: 74.95,
      stores: [
        { storeId: 7, storeNumber: 12, nickname: 'Sandy Forks', address: '1 Main St', quantity: 6, delta: 6, changeType: 'first', checkedAt: new Date() },
        { storeId: 9, storeNumber: 3, nickname: 'Cary', address: '2 Oak St', quantity: 2, delta: 2, changeType: 'first', checkedAt: new Date() },
      ],
      shipments: [],
      incoming: [],
      coming: [],
    },
  ],
  moreArrivals: 0,
  placeCount: 2,
  hasShipments: false,
  hasShelf: true,
  hasIncoming: false,
  hasComing: false,
};

describe('sendPush to a real push service', () => {
  it('delivers an alert, encrypted and VAPID-signed, that decrypts to the payload the service worker shows', async () => {
    const user = await newUser();
    const phone = await device(user.id);
    const laptop = await device(user.id);
    const payload = renderPush({ kind: 'instant', content: arrival });

    const result = await sendPushToUser(user.id, payload);
    expect(result).toMatchObject({ sent: 2, removed: 0, failed: 0 });
    for (const d of [phone, laptop]) {
      const [message] = await channels.push.messages(d.clientHash);
      expect(JSON.parse(message)).toEqual(payload);
      expect((await row(d.id)).last_success_at).toBeInstanceOf(Date);
    }
    expect(payload).toEqual({
      title: "Arrived: Blanton's Single Barrel",
      body: '6 bottles at Sandy Forks; 2 bottles at Cary',
      url: '/products/27090',
    });
  });

  it('sends with a TTL of six hours, high urgency and the aes128gcm encoding', () => {
    const details = webpush.generateRequestDetails(
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', auth: 'tBHItJI5svbpez7KI4CCXg' } },
      '{}',
      { vapidDetails: { subject: channels.vapid.subject, publicKey: channels.vapid.publicKey, privateKey: channels.vapid.privateKey }, TTL: PUSH_TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' },
    );
    expect(details.headers).toMatchObject({ TTL: 21_600, Urgency: 'high', 'Content-Encoding': 'aes128gcm' });
  });

  it('is refused by the push service when signed with a key the browser did not subscribe with: a failure, not retried', async () => {
    const user = await newUser();
    const other = webpush.generateVAPIDKeys();
    const d = await device(user.id, other.publicKey);
    const outcome = await sendPush(d.stored, { title: 't', body: 'b', url: '/' });
    expect(outcome).toMatchObject({ outcome: 'failed', status: 400, retryable: false });
    expect(await channels.push.messages(d.clientHash)).toEqual([]);
    expect(await row(d.id)).toMatchObject({ failure_count: 1, last_error: expect.stringContaining('push service answered 400') });
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const user = await newUser();
    const d = await device(user.id);
    await channels.push.expire(d.clientHash);
    expect(await sendPush(d.stored, { title: 't', body: 'b', url: '/' })).toEqual({ outcome: 'gone', status: 410 });
    expect(await row(d.id)).toBeUndefined();
  });

  it('deletes a subscription on 404, and keeps it as a retryable failure on 429 (with Retry-After) and 5xx', async () => {
    const user = await newUser();
    const keys = (await channels.push.subscribe(channels.vapid.publicKey)).keys;
    const store = async (endpoint: string) => {
      const dto = await subscribe(user.id, { endpoint, keys }, null);
      return { id: dto.device_id, endpoint, ...keys };
    };
    const payload: PushPayload = { title: 't', body: 'b', url: '/' };
    const notFound = await store(channels.scriptedEndpoint(404));
    expect(await sendPush(notFound, payload)).toEqual({ outcome: 'gone', status: 404 });
    expect(await row(notFound.id)).toBeUndefined();

    const busy = await store(channels.scriptedEndpoint(429, 30));
    expect(await sendPush(busy, payload)).toMatchObject({ outcome: 'failed', status: 429, retryable: true, retryAfterSeconds: 30 });
    const broken = await store(channels.scriptedEndpoint(503));
    expect(await sendPush(broken, payload)).toMatchObject({ outcome: 'failed', status: 503, retryable: true });
    expect(await sendPush(broken, payload)).toMatchObject({ outcome: 'failed', retryable: true });
    expect(await row(broken.id)).toMatchObject({ failure_count: 2, last_failure_at: expect.any(Date) });
    // A success starts the count again.
    const ok = await store(channels.scriptedEndpoint(201));
    expect(await sendPush(ok, payload)).toEqual({ outcome: 'sent', status: 201 });
  });

  it('a push service that cannot be reached is a retryable failure; an endpoint no longer allowed is never called', async () => {
    const user = await newUser();
    const d = await device(user.id);
    const payload: PushPayload = { title: 't', body: 'b', url: '/' };
    const unreachable = { ...d.stored, endpoint: channels.unreachableEndpoint };
    expect(await sendPush(unreachable, payload)).toMatchObject({ outcome: 'failed', status: null, retryable: true, error: expect.stringContaining('ECONNREFUSED') });
    // Stored while PUSH_TEST_ORIGINS allowed it (another port now): refused before any request.
    const elsewhere = { ...d.stored, endpoint: 'http://127.0.0.1:1/push/x' };
    expect(await sendPush(elsewhere, payload)).toMatchObject({ outcome: 'failed', status: null, retryable: false });
  });

  it('sends nothing to a disabled user, and only to the device asked for', async () => {
    const user = await newUser();
    const a = await device(user.id);
    const b = await device(user.id);
    expect(await sendPushToUser(user.id, { title: 'one', body: 'b', url: '/' }, { deviceId: b.id })).toMatchObject({ sent: 1 });
    expect(await channels.push.messages(a.clientHash)).toEqual([]);
    await query("UPDATE users SET status = 'disabled' WHERE id = $1", [user.id]);
    expect(await sendPushToUser(user.id, { title: 'two', body: 'b', url: '/' })).toMatchObject({ sent: 0, removed: 0, failed: 0 });
    expect(await channels.push.messages(b.clientHash)).toHaveLength(1);
  });
});

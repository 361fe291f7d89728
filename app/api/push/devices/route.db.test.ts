import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@/lib/api/error-codes';
import { MAX_PUSH_DEVICES, PUSH_MESSAGES } from '@/lib/alerts/channels/push/rules';
import { TEST_PUSH } from '@/lib/alerts/channels/push/test-message';
import { startTestChannels } from '@/testing/channels';
import { expectClientError, query, signedIn, TestClient, withTestDatabase } from '@/testing/harness';
import { GET as publicKey } from '../public-key/route';
import { POST as sendTest } from '../test/route';
import { DELETE as removeDevice } from './[deviceId]/route';
import { GET as listDevices, POST as addDevice } from './route';

// The push API of the profile's "Notifications on this device": the public key, turning a browser on, the
// list of one's devices, removing one, and the test notification, delivered for real to a local push service.

const channels = await startTestChannels();
withTestDatabase('migrated', 'push_api');

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function turnOn(browser: TestClient, userAgent = ANDROID_CHROME) {
  const sub = await channels.push.subscribe(channels.vapid.publicKey);
  const res = await browser.call(addDevice, '/api/push/devices', {
    method: 'POST',
    body: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
    headers: { 'User-Agent': userAgent },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ...sub, deviceId: res.json.device.device_id as number };
}

const devicesOf = async (browser: TestClient) => (await browser.call(listDevices, '/api/push/devices')).json.devices as { device_id: number }[];

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key to a signed-in user, 401 otherwise', async () => {
    const { browser } = await signedIn();
    expect((await browser.call(publicKey, '/api/push/public-key')).json).toEqual({ success: true, public_key: channels.vapid.publicKey });
    expectClientError(await new TestClient().call(publicKey, '/api/push/public-key'), 401);
  });
});

describe('POST and GET /api/push/devices', () => {
  it('stores the browser, labelled from its user agent, and lists it without its endpoint or keys', async () => {
    const { browser } = await signedIn();
    const sub = await turnOn(browser);
    const res = await browser.call(listDevices, '/api/push/devices');
    expect(res.json).toEqual({
      success: true,
      devices: [
        {
          device_id: sub.deviceId,
          label: 'Chrome on Android',
          endpoint_key: createHash('sha256').update(sub.endpoint).digest('hex').slice(0, 16),
          added_at: expect.any(String),
          last_success_at: null,
          last_failure_at: null,
          failure_count: 0,
        },
      ],
    });
    expect(JSON.stringify(res.json)).not.toContain(sub.keys.auth);
    expect(JSON.stringify(res.json)).not.toContain(sub.clientHash);
  });

  it('the same browser again is the same device; a browser another account turned on moves to this one', async () => {
    const { browser: first } = await signedIn();
    const sub = await turnOn(first);
    const again = await first.call(addDevice, '/api/push/devices', { method: 'POST', body: { endpoint: sub.endpoint, keys: sub.keys } });
    expect(again.json.device.device_id).toBe(sub.deviceId);
    expect(await devicesOf(first)).toHaveLength(1);

    const { browser: second } = await signedIn();
    const moved = await second.call(addDevice, '/api/push/devices', { method: 'POST', body: { endpoint: sub.endpoint, keys: sub.keys } });
    expect(moved.status).toBe(200);
    expect(await devicesOf(first)).toEqual([]);
    expect((await devicesOf(second)).map((d) => d.device_id)).toEqual([moved.json.device.device_id]);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc', 'endpoint: The subscription endpoint must be an https URL of a push service.'],
    ['this machine', 'https://127.0.0.1/push', 'endpoint: The subscription endpoint must name a push service, not an address.'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data', 'endpoint: The subscription endpoint must name a push service, not an address.'],
    ['an internal name', 'https://admin.internal/reset', 'endpoint: The subscription endpoint must be a push service on the internet.'],
    ['a test port not configured', 'http://localhost:1/notify/x', 'endpoint: The subscription endpoint must be an https URL of a push service.'],
  ])('refuses an endpoint on %s (our server would POST to it)', async (_label, endpoint, error) => {
    const { browser } = await signedIn();
    const keys = (await channels.push.subscribe(channels.vapid.publicKey)).keys;
    const res = await browser.call(addDevice, '/api/push/devices', { method: 'POST', body: { endpoint, keys } });
    expectClientError(res, 400);
    expect(res.json.error).toBe(error);
    expect(await devicesOf(browser)).toEqual([]);
  });

  it.each([
    ['no keys', {}],
    ['a p256dh that is not a P-256 key', { p256dh: 'AAAA', auth: 'tBHItJI5svbpez7KI4CCXg' }],
    ['an auth secret of the wrong length', { p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U', auth: 'short' }],
  ])('refuses a subscription with %s', async (_label, keys) => {
    const { browser } = await signedIn();
    const sub = await channels.push.subscribe(channels.vapid.publicKey);
    expectClientError(await browser.call(addDevice, '/api/push/devices', { method: 'POST', body: { endpoint: sub.endpoint, keys } }), 400);
  });

  it(`holds at most ${MAX_PUSH_DEVICES} devices per user`, async () => {
    const { browser, user } = await signedIn();
    const keys = (await channels.push.subscribe(channels.vapid.publicKey)).keys;
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) {
      await query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device_label) VALUES ($1, $2, $3, $4, $5)', [user.id, `${channels.push.origin}/notify/filler-${user.id}-${i}`, keys.p256dh, keys.auth, 'Filler']);
    }
    const sub = await channels.push.subscribe(channels.vapid.publicKey);
    const res = await browser.call(addDevice, '/api/push/devices', { method: 'POST', body: { endpoint: sub.endpoint, keys: sub.keys } });
    expectClientError(res, 409);
    expect(res.json).toMatchObject({ error: PUSH_MESSAGES.tooManyDevices, code: ErrorCode.TOO_MANY_DEVICES });
  });

  it('needs a session, an active account and a same-site request', async () => {
    const sub = await channels.push.subscribe(channels.vapid.publicKey);
    const body = { endpoint: sub.endpoint, keys: sub.keys };
    expectClientError(await new TestClient().call(addDevice, '/api/push/devices', { method: 'POST', body }), 401);
    const { browser, user } = await signedIn();
    const forged = await browser.call(addDevice, '/api/push/devices', { method: 'POST', body, noXhr: true });
    expectClientError(forged, 403);
    expect(forged.json.code).toBe(ErrorCode.CROSS_SITE_PROOF_MISSING);
    await query("UPDATE users SET status = 'disabled' WHERE id = $1", [user.id]);
    expectClientError(await browser.call(addDevice, '/api/push/devices', { method: 'POST', body }), 401);
    expectClientError(await browser.call(listDevices, '/api/push/devices'), 401);
    expect(await query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint])).toEqual([]);
  });
});

describe('DELETE /api/push/devices/{deviceId}', () => {
  it('removes one of your own devices; another user\'s is 404 and stays', async () => {
    const { browser: owner } = await signedIn();
    const mine = await turnOn(owner);
    const other = await turnOn(owner);
    const { browser: stranger } = await signedIn();
    const refused = await stranger.call(removeDevice, `/api/push/devices/${mine.deviceId}`, { method: 'DELETE', params: { deviceId: String(mine.deviceId) } });
    expectClientError(refused, 404);
    expect(refused.json.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect(await devicesOf(owner)).toHaveLength(2);

    const res = await owner.call(removeDevice, `/api/push/devices/${mine.deviceId}`, { method: 'DELETE', params: { deviceId: String(mine.deviceId) } });
    expect(res.json).toEqual({ success: true, message: PUSH_MESSAGES.removed });
    expect((await devicesOf(owner)).map((d) => d.device_id)).toEqual([other.deviceId]);
    expectClientError(await owner.call(removeDevice, '/api/push/devices/abc', { method: 'DELETE', params: { deviceId: 'abc' } }), 400);
  });
});

describe('POST /api/push/test', () => {
  it('delivers the test notification to every device, or the one asked for, and says so', async () => {
    const { browser } = await signedIn();
    const phone = await turnOn(browser);
    const laptop = await turnOn(browser, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    const all = await browser.call(sendTest, '/api/push/test', { method: 'POST', body: {} });
    expect(all.json).toEqual({ success: true, sent: 2, removed: 0, failed: 0, message: 'Test notification sent to 2 devices.' });
    for (const d of [phone, laptop]) expect((await channels.push.messages(d.clientHash)).map((m) => JSON.parse(m))).toEqual([TEST_PUSH]);

    const one = await browser.call(sendTest, '/api/push/test', { method: 'POST', body: { device_id: laptop.deviceId } });
    expect(one.json.message).toBe('Test notification sent to 1 device.');
    expect(await channels.push.messages(laptop.clientHash)).toHaveLength(2);
    expect(await channels.push.messages(phone.clientHash)).toHaveLength(1);
    const listed = (await browser.call(listDevices, '/api/push/devices')).json.devices as { last_success_at: string | null }[];
    expect(listed.every((d) => d.last_success_at)).toBe(true);
  });

  it('removes a device whose subscription expired, and says so', async () => {
    const { browser } = await signedIn();
    const kept = await turnOn(browser);
    const expired = await turnOn(browser);
    await channels.push.expire(expired.clientHash);
    const res = await browser.call(sendTest, '/api/push/test', { method: 'POST', body: {} });
    expect(res.json).toMatchObject({ sent: 1, removed: 1, message: 'Test notification sent to 1 device. 1 device no longer accepted notifications and was removed.' });
    expect((await devicesOf(browser)).map((d) => d.device_id)).toEqual([kept.deviceId]);
  });

  it('is 404 without a device or for another user\'s, and rate limited per user', async () => {
    const { browser } = await signedIn();
    const none = await browser.call(sendTest, '/api/push/test', { method: 'POST', body: {} });
    expectClientError(none, 404);
    expect(none.json.error).toBe(PUSH_MESSAGES.noDevices);
    const { browser: other } = await signedIn();
    const theirs = await turnOn(other);
    expectClientError(await browser.call(sendTest, '/api/push/test', { method: 'POST', body: { device_id: theirs.deviceId } }), 404);
    expect(await channels.push.messages(theirs.clientHash)).toEqual([]);

    await turnOn(browser);
    for (let i = 0; i < 5; i++) expect((await browser.call(sendTest, '/api/push/test', { method: 'POST', body: {} })).status).toBe(200);
    const limited = await browser.call(sendTest, '/api/push/test', { method: 'POST', body: {} });
    expectClientError(limited, 429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Someone else's limit is their own.
    expect((await other.call(sendTest, '/api/push/test', { method: 'POST', body: {} })).status).toBe(200);
  });
});

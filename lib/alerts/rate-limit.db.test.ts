import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertArrival, setAlertChannel, setAlertSettings } from '@/testing/alerts';
import { startTestChannels } from '@/testing/channels';
import type { ReceivedMessage } from '@/testing/discord-receiver';
import { newUser, query as q, withTestDatabase, type TestUser } from '@/testing/harness';
import { parseWebhookUrl, saveWebhook, type WebhookParts } from './channels/discord/webhook.ts';
import { subscribe } from './channels/push/devices.ts';
import { RATE_LIMIT_MAX_WAIT_MS } from './policy.ts';
import { collectAlerts, processArrivalAlerts } from './process.ts';
import { escapeMarkdown } from './channels/discord/render.ts';
import { startAlertWorker, type AlertWorker } from './worker.ts';

// A rate limit costs what it says (issue 36): when Discord answers 429 with retry_after, or a push service with
// Retry-After, the message is tried again once that wait is over (not at the 5-minute backoff), and a newer message
// to the same destination does not go out before it. Through the real pipeline: collection, the queue
// (graphile-worker, lib/db/queue.ts) and a standing worker on the wall clock, to a Discord-shaped receiver and to a
// push service on this machine (web-push-testing, which decrypts each message) behind a front that refuses the first
// request.

const channels = await startTestChannels();

/** In front of the push service: the first request (or any scripted) gets 429 with Retry-After; the rest go through. */
const refusals: { status: number; retryAfter: string }[] = [];
const pushRequests: { at: number; status: number }[] = [];
const pushService = new URL(channels.push.origin);
const front = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const refusal = refusals.shift();
    if (refusal) {
      pushRequests.push({ at, status: refusal.status });
      res.writeHead(refusal.status, { 'Retry-After': refusal.retryAfter });
      return res.end('Too many requests');
    }
    const forward = http.request(
      { host: '127.0.0.1', port: pushService.port, path: req.url, method: req.method, headers: { ...req.headers, host: pushService.host } },
      (answer) => {
        pushRequests.push({ at, status: answer.statusCode ?? 0 });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.end(Buffer.concat(chunks));
  });
});
await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
const frontOrigin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
process.env.PUSH_TEST_ORIGINS = `${process.env.PUSH_TEST_ORIGINS},${frontOrigin}`;

withTestDatabase('reference', 'alert_rate_limits');

const url = () => process.env.DATABASE_URL!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

let stores: number[];
let products: { plu: string; name: string }[];
let worker: AlertWorker | undefined;

beforeAll(async () => {
  stores = (await q<{ id: number }>('SELECT id FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY id LIMIT 6')).map((r) => r.id);
  products = await q<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 8`);
});

afterAll(async () => {
  await worker?.stop();
  front.closeAllConnections();
  await new Promise<void>((resolve) => front.close(() => resolve()));
});

// Each test's users are its own: the ones before are done.
beforeEach(async () => {
  await q('UPDATE alert_channels SET enabled = false');
});

/** A user alerted right away on `channel` only (e-mail off), for one store. */
async function userOn(channel: 'push' | 'discord', storeId: number): Promise<TestUser> {
  const user = await newUser();
  await setAlertSettings(url(), user.id, { store_ids: [storeId] });
  await setAlertChannel(url(), user.id, { channel: 'email', enabled: false });
  await setAlertChannel(url(), user.id, { channel });
  return user;
}

const deliveries = (user: TestUser) =>
  q<{ status: string; attempts: number; next_attempt_at: Date; error: string | null }>(
    'SELECT status::text, attempts, next_attempt_at, error FROM alert_deliveries WHERE user_id = $1 ORDER BY alert_id',
    [user.id],
  );

/** An arrival of `product` at `storeId` now, collected as the scraper does after its write (its job is queued). */
async function arrival(storeId: number, product: { plu: string }): Promise<void> {
  const at = new Date();
  await insertArrival(url(), { storeId, plu: product.plu, at, quantity: 3 });
  expect(await collectAlerts({ checkedAt: at })).toBe(1);
}

describe('a rate limit costs what it says, and messages to one destination keep their order', () => {
  it("Discord's 429 with retry_after 2.5: the retry goes 2.5–10 s later, and a newer message waits for it and follows it", async () => {
    const user = await userOn('discord', stores[0]);
    const parts = parseWebhookUrl(channels.discord.webhookUrl());
    if ('problem' in parts) throw new Error(parts.problem);
    await saveWebhook(user.id, parts);
    const hook: WebhookParts = parts;
    // The first request is refused as Discord refuses it; every later one is taken (204).
    channels.discord.answerNext(hook.webhookId, { status: 429, body: { message: 'You are being rate limited.', retry_after: 2.5, global: false } });
    channels.discord.answer(hook.webhookId, { status: 204 });
    const requests = () => channels.discord.received.filter((m) => m.webhookId === hook.webhookId);
    const says = (m: ReceivedMessage, product: { name: string }) => JSON.stringify(m.body).includes(JSON.stringify(escapeMarkdown(product.name)).slice(1, -1));
    const [older, newer] = [products[0], products[1]];

    worker = await startAlertWorker({ pollIntervalMs: 100 });
    try {
      await arrival(stores[0], older);
      await until(() => requests().length >= 1, 'the first message reached Discord');
      const [refused] = requests();
      expect(refused.status).toBe(429);
      // It waits for the time Discord named, not the backoff's 5 minutes.
      await until(async () => (await deliveries(user))[0].status === 'pending', 'the refused message waits for its retry');
      const [waiting] = await deliveries(user);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringContaining('429') });
      expect(waiting.next_attempt_at.getTime() - refused.at).toBeGreaterThanOrEqual(2_500);
      expect(waiting.next_attempt_at.getTime() - refused.at).toBeLessThan(10_000);

      // A newer alert to the same webhook while the first waits: its job runs at once, and sends nothing yet.
      await arrival(stores[0], newer);
      const newerCollectedAt = Date.now();
      await until(() => requests().length >= 3, 'the retry and the newer message reached Discord', 20_000);
      await sleep(300); // time for a request too many, should one go
      const [, retry, next] = requests();
      expect(requests()).toHaveLength(3);
      expect(newerCollectedAt).toBeLessThan(retry.at);
      // The retry: the first alert again, between 2.5 s and 10 s after the 429.
      expect([says(refused, older), says(retry, older), says(next, older)]).toEqual([true, true, false]);
      expect(retry.at - refused.at).toBeGreaterThanOrEqual(2_500);
      expect(retry.at - refused.at).toBeLessThanOrEqual(10_000);
      // The newer one after it, never before it.
      expect([says(refused, newer), says(retry, newer), says(next, newer)]).toEqual([false, false, true]);
      expect(next.at).toBeGreaterThanOrEqual(retry.at);
      expect([retry.status, next.status]).toEqual([204, 204]);
      await until(async () => (await deliveries(user)).every((d) => d.status === 'sent'), 'both are marked sent');
      expect((await deliveries(user)).map((d) => [d.status, d.attempts])).toEqual([
        ['sent', 2],
        ['sent', 1],
      ]);
    } finally {
      await worker.stop();
      worker = undefined;
    }
  });

  it("a push service's 429 with Retry-After: 3: the retry goes 3–10 s later, and a newer notification follows it", async () => {
    const user = await userOn('push', stores[1]);
    const sub = await channels.push.subscribe(channels.vapid.publicKey);
    // The device's endpoint is the front's: it refuses the first request and passes the rest to the push service.
    const endpoint = `${frontOrigin}${new URL(sub.endpoint).pathname}`;
    await subscribe(user.id, { endpoint, keys: sub.keys }, 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/131.0 Mobile Safari/537.36');
    refusals.push({ status: 429, retryAfter: '3' });
    pushRequests.length = 0;
    const [older, newer] = [products[2], products[3]];
    // Each notification links to its product's page.
    const shownLinks = async () => (await channels.push.messages(sub.clientHash)).map((m) => (JSON.parse(m) as { url: string }).url);

    worker = await startAlertWorker({ pollIntervalMs: 100 });
    try {
      await arrival(stores[1], older);
      await until(() => pushRequests.length >= 1, 'the first notification reached the push service');
      const [refused] = pushRequests;
      expect(refused.status).toBe(429);
      await until(async () => (await deliveries(user))[0].status === 'pending', 'the refused notification waits for its retry');
      const [waiting] = await deliveries(user);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringContaining('429') });
      expect(waiting.next_attempt_at.getTime() - refused.at).toBeGreaterThanOrEqual(3_000);
      expect(waiting.next_attempt_at.getTime() - refused.at).toBeLessThan(10_000);

      await arrival(stores[1], newer);
      const newerCollectedAt = Date.now();
      await until(async () => (await shownLinks()).length >= 2, 'both notifications were delivered', 20_000);
      await sleep(300);
      const [, retry, next] = pushRequests;
      expect(pushRequests.map((r) => r.status)).toEqual([429, 201, 201]);
      expect(newerCollectedAt).toBeLessThan(retry.at);
      expect(retry.at - refused.at).toBeGreaterThanOrEqual(3_000);
      expect(retry.at - refused.at).toBeLessThanOrEqual(10_000);
      expect(next.at).toBeGreaterThanOrEqual(retry.at);
      // What the phone shows, in the order it came: the older arrival first.
      expect(await shownLinks()).toEqual([`/products/${older.plu}`, `/products/${newer.plu}`]);
      await until(async () => (await deliveries(user)).every((d) => d.status === 'sent'), 'both are marked sent');
      expect((await deliveries(user)).map((d) => [d.status, d.attempts])).toEqual([
        ['sent', 2],
        ['sent', 1],
      ]);
    } finally {
      await worker.stop();
      worker = undefined;
    }
  });

  it('a failure that states no wait keeps the backoff; a stated wait longer than ten minutes is ten minutes', async () => {
    const user = await userOn('discord', stores[2]);
    const parts = parseWebhookUrl(channels.discord.webhookUrl());
    if ('problem' in parts) throw new Error(parts.problem);
    await saveWebhook(user.id, parts);
    channels.discord.answerNext(parts.webhookId, { status: 502, body: { message: 'Bad Gateway' } });
    const at = new Date();
    await insertArrival(url(), { storeId: stores[2], plu: products[4].plu, at, quantity: 2 });
    await processArrivalAlerts({ checkedAt: at });
    const [backoff] = await deliveries(user);
    expect(backoff).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(at.getTime() + 5 * 60_000) });

    channels.discord.answerNext(parts.webhookId, { status: 429, body: { message: 'You are being rate limited.', retry_after: 86_400, global: true } });
    const later = backoff.next_attempt_at;
    await processArrivalAlerts({ checkedAt: later });
    const [capped] = await deliveries(user);
    expect(capped).toMatchObject({ status: 'pending', attempts: 2 });
    expect(capped.next_attempt_at.getTime() - later.getTime()).toBeGreaterThanOrEqual(RATE_LIMIT_MAX_WAIT_MS);
    expect(capped.next_attempt_at.getTime() - later.getTime()).toBeLessThan(RATE_LIMIT_MAX_WAIT_MS + 10_000);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { setAlertChannel, setAlertSettings, insertArrival, insertShelfForecast, insertShipment } from '@/testing/alerts';
import { startTestChannels } from '@/testing/channels';
import { CHANNEL_ID } from '@/testing/discord-receiver';
import { newUser, query as q, withTestDatabase, type TestUser } from '@/testing/harness';
import { parseWebhookUrl, saveWebhook, type WebhookParts } from './discord/webhook.ts';
import { subscribe } from './push/devices.ts';
import { windowWords } from '../../reports-client/forecast.ts';
import { addDays, nyDate } from '../../time.ts';
import { processArrivalAlerts } from '../process.ts';
import { escapeMarkdown } from './discord/render.ts';

// Real alerts through the one pipeline (collection, queue, delivery) to the real far ends of push and Discord:
// a push service on this machine (web-push-testing) that checks each request's VAPID signature and decrypts
// the payload, so the test reads what the phone would show, and a Discord-shaped webhook receiver.

const channels = await startTestChannels();
withTestDatabase('reference', 'alert_channels_real');

const url = () => process.env.DATABASE_URL!;
let stores: { id: number; nickname: string }[];
let products: { plu: string; name: string }[];

beforeAll(async () => {
  stores = await q<{ id: number; nickname: string }>('SELECT id, nickname FROM stores WHERE board_id = 179 AND NOT mixed_beverage ORDER BY id LIMIT 6');
  products = await q<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 6`);
});

/** A user alerted on `channel` only (e-mail off), for one store. */
async function userOn(channel: 'push' | 'discord', storeId: number): Promise<TestUser> {
  const user = await newUser();
  await setAlertSettings(url(), user.id, { store_ids: [storeId] });
  await setAlertChannel(url(), user.id, { channel: 'email', enabled: false });
  await setAlertChannel(url(), user.id, { channel });
  return user;
}

async function phoneOf(user: TestUser) {
  const sub = await channels.push.subscribe(channels.vapid.publicKey);
  const dto = await subscribe(user.id, { endpoint: sub.endpoint, keys: sub.keys }, 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/131.0 Mobile Safari/537.36');
  return { ...sub, deviceId: dto.device_id };
}

async function webhookOf(user: TestUser): Promise<WebhookParts> {
  const parts = parseWebhookUrl(channels.discord.webhookUrl());
  if ('problem' in parts) throw new Error(parts.problem);
  await saveWebhook(user.id, parts);
  return parts;
}

const deliveries = (user: TestUser) =>
  q<{ channel: string; status: string; attempts: number; next_attempt_at: Date; error: string | null }>(
    'SELECT channel::text, status::text, attempts, next_attempt_at, error FROM alert_deliveries WHERE user_id = $1 ORDER BY alert_deliveries.alert_id, alert_deliveries.channel',
    [user.id],
  );
const received = (hook: WebhookParts) => channels.discord.received.filter((m) => m.webhookId === hook.webhookId);

describe('alerts on push and Discord, end to end', () => {
  it('an arrival reaches the phone as a notification naming the product, the store and the bottles, once', async () => {
    const user = await userOn('push', stores[0].id);
    const phone = await phoneOf(user);
    const at = new Date();
    await insertArrival(url(), { storeId: stores[0].id, plu: products[0].plu, at, quantity: 3 });

    const result = await processArrivalAlerts({ checkedAt: at });
    expect(result?.channels.push).toMatchObject({ sent: 1, failed: 0 });
    const messages = await channels.push.messages(phone.clientHash);
    expect(messages.map((m) => JSON.parse(m))).toEqual([
      { title: expect.stringMatching(/^Arrived: /), body: `3 bottles at ${stores[0].nickname}`, url: `/products/${products[0].plu}` },
    ]);
    expect(await deliveries(user)).toEqual([expect.objectContaining({ channel: 'push', status: 'sent', attempts: 1 })]);
    // E-mail was off: the one alert has no e-mail delivery (push's, above, is its only one).
    expect(await q('SELECT count(*)::int AS n FROM alert_log WHERE user_id = $1', [user.id])).toEqual([{ n: 1 }]);

    // The next runs find nothing new and send nothing again.
    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 15 * 60_000) });
    expect(await channels.push.messages(phone.clientHash)).toHaveLength(1);
  });

  it('an arrival reaches Discord as one embed with the product, the store and the bottles, once', async () => {
    const user = await userOn('discord', stores[1].id);
    const hook = await webhookOf(user);
    const at = new Date();
    await insertArrival(url(), { storeId: stores[1].id, plu: products[1].plu, at, quantity: 4 });

    await processArrivalAlerts({ checkedAt: at });
    expect(received(hook)).toHaveLength(1);
    const [message] = received(hook);
    expect(message.query.get('wait')).toBe('true');
    const embed = (message.body.embeds as { title: string; fields: { name: string; value: string }[] }[])[0];
    expect(embed.fields).toHaveLength(1);
    expect(embed.fields[0].name).toContain(escapeMarkdown(products[1].name));
    expect(embed.fields[0].value).toContain('**4 bottles**');
    expect(embed.fields[0].value).toContain(escapeMarkdown(stores[1].nickname));
    expect(message.body.allowed_mentions).toEqual({ parse: [] });
    expect(await deliveries(user)).toEqual([expect.objectContaining({ channel: 'discord', status: 'sent' })]);
    expect((await q<{ channel_id: string }>('SELECT channel_id FROM discord_webhooks WHERE user_id = $1', [user.id]))[0].channel_id).toBe(CHANNEL_ID);

    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 15 * 60_000) });
    expect(received(hook)).toHaveLength(1);
  });

  it('a device the push service says is gone is removed and a deleted Discord webhook cleared: their alerts end, not retried', async () => {
    const pushUser = await userOn('push', stores[2].id);
    const phone = await phoneOf(pushUser);
    await channels.push.expire(phone.clientHash);
    const discordUser = await userOn('discord', stores[2].id);
    const hook = await webhookOf(discordUser);
    channels.discord.answer(hook.webhookId, { status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
    const at = new Date();
    await insertArrival(url(), { storeId: stores[2].id, plu: products[2].plu, at, quantity: 2 });

    await processArrivalAlerts({ checkedAt: at });
    expect(await q('SELECT id FROM push_subscriptions WHERE id = $1', [phone.deviceId])).toEqual([]);
    expect(await deliveries(pushUser)).toEqual([expect.objectContaining({ status: 'cancelled', error: expect.stringContaining('every device stopped notifications') })]);
    expect(await q('SELECT webhook_id, gone_at IS NOT NULL AS gone FROM discord_webhooks WHERE user_id = $1', [discordUser.id])).toEqual([{ webhook_id: null, gone: true }]);
    expect(await deliveries(discordUser)).toEqual([expect.objectContaining({ status: 'cancelled', error: expect.stringContaining('404') })]);

    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 60 * 60_000) });
    expect(received(hook)).toHaveLength(1);
  });

  it('Discord asking to slow down is tried again after the wait it named, and the alert is posted once', async () => {
    const user = await userOn('discord', stores[3].id);
    const hook = await webhookOf(user);
    channels.discord.answer(hook.webhookId, { status: 429, body: { message: 'You are being rate limited.', retry_after: 90, global: false } });
    const at = new Date();
    await insertArrival(url(), { storeId: stores[3].id, plu: products[3].plu, at, quantity: 5 });

    await processArrivalAlerts({ checkedAt: at });
    const [waiting] = await deliveries(user);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringContaining('429') });
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThanOrEqual(at.getTime() + 90_000);

    // Before the wait is over nothing is sent; after it, Discord takes it.
    await processArrivalAlerts({ checkedAt: new Date(at.getTime() + 60_000) });
    expect(received(hook)).toHaveLength(1);
    channels.discord.answer(hook.webhookId, { status: 200, body: { id: '1', channel_id: CHANNEL_ID } });
    await processArrivalAlerts({ checkedAt: waiting.next_attempt_at });
    expect(received(hook)).toHaveLength(2);
    expect(await deliveries(user)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });

  it('a shipment on its way reaches the phone and Discord with the likely stores, how likely in words and numbers, and their days', async () => {
    const user = await newUser();
    await setAlertSettings(url(), user.id, { board_ids: [179] });
    await setAlertChannel(url(), user.id, { channel: 'email', enabled: false });
    await setAlertChannel(url(), user.id, { channel: 'push', kinds: ['forecast'] });
    await setAlertChannel(url(), user.id, { channel: 'discord', kinds: ['shipment', 'forecast'] });
    const phone = await phoneOf(user);
    const hook = await webhookOf(user);
    const at = new Date();
    const today = nyDate(at);
    const shipment = await insertShipment(url(), { plu: products[5].plu, boardId: 179, shipDate: today, units: 6 });
    await insertShelfForecast(url(), shipment, at, [
      { storeId: stores[5].id, likelihood: 0.83, named: true, from: addDays(today, 1), to: addDays(today, 3) },
      { storeId: stores[4].id, likelihood: 0.45, named: true, from: addDays(today, 2), to: addDays(today, 2) },
    ]);
    const days = (from: number, to: number) => windowWords({ window_start: addDays(today, from), window_end: addDays(today, to) });

    await processArrivalAlerts({ checkedAt: at });
    const [notification, ...more] = (await channels.push.messages(phone.clientHash)).map((m) => JSON.parse(m));
    expect(more).toEqual([]);
    expect(notification.title).toMatch(/^On its way: /);
    expect(notification.body).toBe(`On its way: 6 bottles to Wake County: ${stores[5].nickname} (8 in 10) ${days(1, 3)}`);
    expect(notification.url).toBe('/incoming?board=179');

    const [message, ...others] = received(hook);
    expect(others).toEqual([]);
    const embed = (message.body.embeds as { title: string; url: string; fields: { name: string; value: string }[] }[])[0];
    expect(embed.url).toMatch(/\/incoming\?board=179$/);
    expect(embed.fields[0].value).toContain(
      `Likely at: ${escapeMarkdown(stores[5].nickname)} \\(very likely, 8 in 10\\) ${days(1, 3)}; ` +
        `${escapeMarkdown(stores[4].nickname)} \\(likely, 5 in 10\\) ${days(2, 2)}`,
    );
    expect(embed.fields[0].value).toMatch(/\[Incoming\]\(http:\/\/[^)]+\/incoming\?board=179\)/);
    expect((await deliveries(user)).map((d) => [d.channel, d.status])).toEqual([['push', 'sent'], ['discord', 'sent']]);
  });

  it('a pending or disabled account gets nothing on any channel', async () => {
    for (const status of ['pending', 'disabled'] as const) {
      const user = await newUser({ status });
      await setAlertSettings(url(), user.id, { store_ids: [stores[4].id] });
      await setAlertChannel(url(), user.id, { channel: 'push' });
      await setAlertChannel(url(), user.id, { channel: 'discord' });
      const phone = await phoneOf(user);
      const hook = await webhookOf(user);
      const at = new Date();
      await insertArrival(url(), { storeId: stores[4].id, plu: products[4].plu, at, quantity: 2 });
      await processArrivalAlerts({ checkedAt: at });
      expect(await channels.push.messages(phone.clientHash)).toEqual([]);
      expect(received(hook)).toEqual([]);
    }
  });
});

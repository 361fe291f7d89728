import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@/lib/api/error-codes';
import { DISCORD_MESSAGES } from '@/lib/alerts/channels/discord/rules';
import { startTestChannels } from '@/testing/channels';
import { CHANNEL_ID } from '@/testing/discord-receiver';
import { expectClientError, query, signedIn, TestClient, withTestDatabase } from '@/testing/harness';
import { POST as sendTest } from '../test/route';
import { DELETE, GET, PUT } from './route';

// The profile's "Discord" section: save a webhook (Discord's hosts only, here plus a local receiver), see it
// without its token, remove it, and a test message delivered over real HTTP to the receiver.

const channels = await startTestChannels();
const { discord } = channels;
withTestDatabase('migrated', 'discord_api');

const put = (browser: TestClient, url: unknown) => browser.call(PUT, '/api/discord/webhook', { method: 'PUT', body: { url } });
const test = (browser: TestClient) => browser.call(sendTest, '/api/discord/test', { method: 'POST' });

describe('PUT, GET and DELETE /api/discord/webhook', () => {
  it('saves a webhook and never answers its token', async () => {
    const { browser } = await signedIn();
    expect((await browser.call(GET, '/api/discord/webhook')).json).toEqual({ success: true, webhook: null, removed_at: null });
    const url = discord.webhookUrl('1234567890123456789', `secret_${'t'.repeat(60)}`);
    const saved = await put(browser, url);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const webhook = {
      webhook_id: '1234567890123456789',
      display_url: `${discord.origin}/api/webhooks/1234567890123456789/…`,
      channel_id: null,
      added_at: expect.any(String),
      last_success_at: null,
      last_failure_at: null,
      failure_count: 0,
    };
    expect(saved.json).toEqual({ success: true, webhook, removed_at: null, message: DISCORD_MESSAGES.saved });
    const read = await browser.call(GET, '/api/discord/webhook');
    expect(read.json).toEqual({ success: true, webhook, removed_at: null });
    expect(JSON.stringify([saved.json, read.json])).not.toContain('secret_');

    const removed = await browser.call(DELETE, '/api/discord/webhook', { method: 'DELETE' });
    expect(removed.json).toMatchObject({ success: true, webhook: null, message: DISCORD_MESSAGES.removed });
    expect((await browser.call(GET, '/api/discord/webhook')).json.webhook).toBeNull();
  });

  it.each([
    ['another host', 'https://evil.example/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz', /^url: The webhook must be an https URL on discord\.com, 127\.0\.0\.1:\d+\./],
    ['plain http to Discord', 'http://discord.com/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz', /must be an https URL/],
    ['a private address', 'https://10.0.0.8/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz', /must be an https URL/],
    ['not a webhook path', 'https://discord.com/channels/1234567890123456789/1234567890123456789', new RegExp(`^url: ${DISCORD_MESSAGES.invalid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)],
    ['not a URL', 'my webhook', /Paste the webhook URL/],
    ['not text', 42, /Paste the webhook URL/],
  ])('refuses %s with a message the screen shows', async (_label, url, message) => {
    const { browser } = await signedIn();
    const res = await put(browser, url);
    expectClientError(res, 400);
    expect(res.json.error).toMatch(message);
    expect((await browser.call(GET, '/api/discord/webhook')).json.webhook).toBeNull();
  });

  it('needs a session and a same-site request', async () => {
    expectClientError(await new TestClient().call(GET, '/api/discord/webhook'), 401);
    const { browser } = await signedIn();
    const forged = await browser.call(PUT, '/api/discord/webhook', { method: 'PUT', body: { url: discord.webhookUrl() }, noXhr: true });
    expectClientError(forged, 403);
  });
});

describe('POST /api/discord/test', () => {
  it('posts the test embed to the saved webhook and learns its channel', async () => {
    const { browser } = await signedIn();
    await put(browser, discord.webhookUrl('2234567890123456789'));
    const res = await test(browser);
    expect(res.json).toEqual({ success: true, channel_id: CHANNEL_ID, message: DISCORD_MESSAGES.sent });
    const [got] = discord.received.filter((m) => m.webhookId === '2234567890123456789');
    expect(got.body).toMatchObject({ allowed_mentions: { parse: [] }, embeds: [{ title: 'Test message: Discord alerts work' }] });
    expect((await browser.call(GET, '/api/discord/webhook')).json.webhook).toMatchObject({ channel_id: CHANNEL_ID, last_success_at: expect.any(String) });
  });

  it('a webhook deleted in Discord is cleared, and the profile says when', async () => {
    const { browser, user } = await signedIn();
    await put(browser, discord.webhookUrl('3234567890123456789'));
    discord.answer('3234567890123456789', { status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
    const res = await test(browser);
    expectClientError(res, 409);
    expect(res.json).toMatchObject({ error: DISCORD_MESSAGES.gone, code: ErrorCode.DISCORD_WEBHOOK_NOT_SET });
    expect((await browser.call(GET, '/api/discord/webhook')).json).toEqual({ success: true, webhook: null, removed_at: expect.any(String) });
    expect(await query('SELECT token FROM discord_webhooks WHERE user_id = $1', [user.id])).toEqual([{ token: null }]);
    // Saving a new one forgets the removal.
    await put(browser, discord.webhookUrl());
    expect((await browser.call(GET, '/api/discord/webhook')).json.removed_at).toBeNull();
  });

  it('says Discord did not take it (429), is 404 without a webhook, and is rate limited per user', async () => {
    const { browser } = await signedIn();
    const none = await test(browser);
    expectClientError(none, 404);
    expect(none.json).toMatchObject({ error: DISCORD_MESSAGES.notSet, code: ErrorCode.DISCORD_WEBHOOK_NOT_SET });

    await put(browser, discord.webhookUrl('4234567890123456789'));
    discord.answer('4234567890123456789', { status: 429, body: { message: 'You are being rate limited.', retry_after: 3.2, global: false } });
    const busy = await test(browser);
    expectClientError(busy, 409);
    expect(busy.json.error).toBe(`${DISCORD_MESSAGES.failed} (Discord answered 429: You are being rate limited.)`);
    expect((await browser.call(GET, '/api/discord/webhook')).json.webhook).toMatchObject({ failure_count: 1 });

    discord.answer('4234567890123456789', { status: 200, body: { channel_id: CHANNEL_ID } });
    for (let i = 0; i < 4; i++) expect((await test(browser)).status).toBe(200);
    expectClientError(await test(browser), 429);
  });
});

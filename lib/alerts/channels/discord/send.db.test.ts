import { describe, expect, it } from 'vitest';
import { startTestChannels } from '@/testing/channels';
import { CHANNEL_ID } from '@/testing/discord-receiver';
import { newUser, query, withTestDatabase } from '@/testing/harness';
import type { AlertContent } from '../../compose.ts';
import { renderDiscord } from './render.ts';
import { sendDiscord, sendDiscordToUser } from './send.ts';
import { getWebhook, parseWebhookUrl, saveWebhook, webhookOrThrow, type WebhookParts } from './webhook.ts';

// Real HTTP to a Discord-shaped receiver on this machine (DISCORD_WEBHOOK_HOSTS names it): what Discord would
// get, and what each of Discord's answers does to the saved webhook.

const channels = await startTestChannels();
const { discord } = channels;
withTestDatabase('migrated', 'discord_send');

async function userWithWebhook() {
  const user = await newUser();
  const parts = parseWebhookUrl(discord.webhookUrl()) as WebhookParts;
  await saveWebhook(user.id, parts);
  return { user, webhook: await webhookOrThrow(user.id) };
}

const content: AlertContent = {
  products: [
    {
      plu: '27090',
      name: "Blanton's Single Barrel",
      listingType: 'Allocation',
      retailPrice: 74.95,
      stores: [{ storeId: 7, storeNumber: 12, nickname: 'Sandy Forks', address: '1 Main St', quantity: 6, delta: 6, changeType: 'first', checkedAt: new Date() }],
      shipments: [],
      incoming: [],
      coming: [],
    },
  ],
  moreArrivals: 0,
  placeCount: 1,
  hasShipments: false,
  hasShelf: true,
  hasIncoming: false,
  hasComing: false,
};

describe('sendDiscord', () => {
  it('posts the embed as JSON with ?wait=true and no mentions, and learns the channel from Discord\'s answer', async () => {
    const { user, webhook } = await userWithWebhook();
    const message = renderDiscord({ kind: 'instant', content });
    const outcome = await sendDiscordToUser(user.id, message);
    expect(outcome).toEqual({ outcome: 'sent', status: 200, channelId: CHANNEL_ID });
    const got = discord.received.filter((m) => m.webhookId === webhook.webhookId);
    expect(got).toHaveLength(1);
    expect(got[0].token).toBe(webhook.token);
    expect(got[0].query.get('wait')).toBe('true');
    expect(got[0].headers['content-type']).toBe('application/json');
    expect(got[0].body).toEqual(JSON.parse(JSON.stringify(message)));
    expect(got[0].body.allowed_mentions).toEqual({ parse: [] });
    const fields = (got[0].body.embeds as { fields: { name: string; value: string }[] }[])[0].fields;
    expect(fields[0].value).toContain('**6 bottles** at [Sandy Forks (#12)]');
    const answer = await getWebhook(user.id);
    expect(answer.webhook).toMatchObject({ channel_id: CHANNEL_ID, last_success_at: expect.any(String), failure_count: 0 });
  });

  it.each([404, 401])('clears a webhook Discord says is gone (%i), and the profile learns when', async (status) => {
    const { user, webhook } = await userWithWebhook();
    discord.answer(webhook.webhookId, { status, body: { message: 'Unknown Webhook', code: 10015 } });
    expect(await sendDiscord(webhook, renderDiscord({ kind: 'instant', content }))).toEqual({ outcome: 'gone', status });
    const answer = await getWebhook(user.id);
    expect(answer).toEqual({ webhook: null, removed_at: expect.any(String) });
    const [row] = await query<{ token: string | null }>('SELECT token FROM discord_webhooks WHERE user_id = $1', [user.id]);
    expect(row.token).toBeNull(); // the secret is not kept
    expect(await sendDiscordToUser(user.id, renderDiscord({ kind: 'instant', content }))).toBeNull();
  });

  it('429 is retryable after Discord\'s retry_after; 5xx retryable; 400 not; the webhook is kept', async () => {
    const { user, webhook } = await userWithWebhook();
    const message = renderDiscord({ kind: 'instant', content });
    discord.answer(webhook.webhookId, { status: 429, body: { message: 'You are being rate limited.', retry_after: 1.5, global: false }, headers: { 'Retry-After': '2' } });
    expect(await sendDiscord(webhook, message)).toMatchObject({ outcome: 'failed', status: 429, retryable: true, retryAfterSeconds: 1.5 });
    discord.answer(webhook.webhookId, { status: 502, body: {} });
    expect(await sendDiscord(webhook, message)).toMatchObject({ outcome: 'failed', status: 502, retryable: true });
    discord.answer(webhook.webhookId, { status: 400, body: { message: 'Invalid Form Body', code: 50035 } });
    expect(await sendDiscord(webhook, message)).toMatchObject({ outcome: 'failed', status: 400, retryable: false, error: 'Discord answered 400: Invalid Form Body' });
    expect((await getWebhook(user.id)).webhook).toMatchObject({ failure_count: 3, last_failure_at: expect.any(String) });
  });

  it('a receiver that does not answer is a retryable timeout', async () => {
    const { webhook } = await userWithWebhook();
    discord.answer(webhook.webhookId, 'hang');
    expect(await sendDiscord(webhook, renderDiscord({ kind: 'instant', content }), { timeoutMs: 300 })).toMatchObject({
      outcome: 'failed', status: null, retryable: true, error: 'no answer within 0.3 s',
    });
  });

  it('sends nothing for a disabled user', async () => {
    const { user, webhook } = await userWithWebhook();
    await query("UPDATE users SET status = 'disabled' WHERE id = $1", [user.id]);
    expect(await sendDiscordToUser(user.id, renderDiscord({ kind: 'instant', content }))).toBeNull();
    expect(discord.received.filter((m) => m.webhookId === webhook.webhookId)).toEqual([]);
  });
});

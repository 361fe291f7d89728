import { describe, expect, it } from 'vitest';
import { DISCORD_MESSAGES } from './rules.ts';
import { parseWebhookUrl } from './webhook.ts';

// Our server POSTs to the saved URL, so only Discord's webhook hosts (DISCORD_WEBHOOK_HOSTS, default
// discord.com, discordapp.com, ptb.discord.com, canary.discord.com) and the webhook path are accepted.

const ID = '1234567890123456789';
const TOKEN = 'AbC-dEf_123'.repeat(6);

describe('parseWebhookUrl with the default hosts', () => {
  it.each([
    `https://discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://discordapp.com/api/webhooks/${ID}/${TOKEN}`,
    `https://ptb.discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://canary.discord.com/api/v10/webhooks/${ID}/${TOKEN}/`,
    `  https://discord.com/api/webhooks/${ID}/${TOKEN}  `,
  ])('accepts %s', (url) => {
    expect(parseWebhookUrl(url)).toEqual({ origin: new URL(url.trim()).origin, webhookId: ID, token: TOKEN });
  });

  it.each([
    ['not a URL', 'discord webhook'],
    ['plain http', `http://discord.com/api/webhooks/${ID}/${TOKEN}`],
    ['another host', `https://evil.example/api/webhooks/${ID}/${TOKEN}`],
    ['a look-alike host', `https://discord.com.evil.example/api/webhooks/${ID}/${TOKEN}`],
    ['a subdomain not listed', `https://media.discord.com/api/webhooks/${ID}/${TOKEN}`],
    ['another port', `https://discord.com:8443/api/webhooks/${ID}/${TOKEN}`],
    ['this machine', `http://127.0.0.1:4567/api/webhooks/${ID}/${TOKEN}`],
  ])('refuses %s, naming the hosts it accepts', (_label, url) => {
    const parsed = parseWebhookUrl(url);
    expect(parsed).toHaveProperty('problem');
    if (!url.startsWith('discord webhook')) expect((parsed as { problem: string }).problem).toContain('discord.com, discordapp.com, ptb.discord.com, canary.discord.com');
  });

  it.each([
    ['another path', `https://discord.com/api/channels/${ID}/messages`],
    ['no token', `https://discord.com/api/webhooks/${ID}`],
    ['a short id', `https://discord.com/api/webhooks/123/${TOKEN}`],
    ['a token with other characters', `https://discord.com/api/webhooks/${ID}/abc%2F..%2Fdef${TOKEN}`],
    ['a query', `https://discord.com/api/webhooks/${ID}/${TOKEN}?thread_id=1`],
    ['credentials', `https://a:b@discord.com/api/webhooks/${ID}/${TOKEN}`],
  ])('refuses %s', (_label, url) => {
    expect(parseWebhookUrl(url)).toEqual({ problem: DISCORD_MESSAGES.invalid });
  });
});

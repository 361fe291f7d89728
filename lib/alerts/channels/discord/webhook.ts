import { z } from 'zod';
import { ErrorCode } from '../../../api/error-codes.ts';
import { ApiError } from '../../../api/errors.ts';
import { db } from '../../../db/index.ts';
import { env } from '../../../env.ts';
import { DISCORD_MESSAGES, type DiscordAnswer } from './rules.ts';

// A user's Discord webhook: validated (a configured Discord host, the webhook path), stored whole, shown
// without its token. Our server POSTs to it, so only DISCORD_WEBHOOK_HOSTS may be named (SSRF): https to
// Discord's hosts by default, a local receiver over http only where a test configured one.

const PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{15,22})\/([A-Za-z0-9_-]{20,200})\/?$/;

export interface WebhookParts {
  origin: string;
  webhookId: string;
  token: string;
}

/** The webhook's parts, or why the URL cannot be one. */
export function parseWebhookUrl(text: string): WebhookParts | { problem: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: DISCORD_MESSAGES.invalid };
  }
  if (!env().DISCORD_WEBHOOK_HOSTS.includes(url.origin)) {
    const hosts = env().DISCORD_WEBHOOK_HOSTS.map((o) => new URL(o).host).join(', ');
    return { problem: `The webhook must be an https URL on ${hosts}. ${DISCORD_MESSAGES.invalid}` };
  }
  const match = PATH.exec(url.pathname);
  if (!match || url.username || url.password || url.search || url.hash) return { problem: DISCORD_MESSAGES.invalid };
  return { origin: url.origin, webhookId: match[1], token: match[2] };
}

export const webhookBody = z.object({
  url: z
    .string({ error: DISCORD_MESSAGES.invalid })
    .max(500, DISCORD_MESSAGES.invalid)
    .transform((text, ctx) => {
      const parts = parseWebhookUrl(text);
      if ('problem' in parts) {
        ctx.addIssue({ code: 'custom', message: parts.problem });
        return z.NEVER;
      }
      return parts;
    }),
});

/** The URL Discord is called at (with the secret token). */
export const webhookUrl = (w: WebhookParts) => `${w.origin}/api/webhooks/${w.webhookId}/${w.token}`;

export async function getWebhook(userId: number): Promise<DiscordAnswer> {
  const row = await db.discordWebhook.findUnique({ where: { userId } });
  if (!row) return { webhook: null, removed_at: null };
  const webhook =
    row.origin && row.webhookId && row.token
      ? {
          webhook_id: row.webhookId,
          display_url: `${row.origin}/api/webhooks/${row.webhookId}/…`,
          channel_id: row.channelId,
          added_at: row.createdAt.toISOString(),
          last_success_at: row.lastSuccessAt?.toISOString() ?? null,
          last_failure_at: row.lastFailureAt?.toISOString() ?? null,
          failure_count: row.failureCount,
        }
      : null;
  return { webhook, removed_at: webhook ? null : (row.goneAt?.toISOString() ?? null) };
}

/** Saves (or replaces) the user's webhook; what was known of the previous one is forgotten. */
export async function saveWebhook(userId: number, w: WebhookParts): Promise<DiscordAnswer> {
  const fields = { createdAt: new Date(), origin: w.origin, webhookId: w.webhookId, token: w.token, channelId: null, lastSuccessAt: null, lastFailureAt: null, failureCount: 0, lastError: null, goneAt: null };
  await db.discordWebhook.upsert({ where: { userId }, create: { userId, ...fields }, update: fields });
  return getWebhook(userId);
}

export async function deleteWebhook(userId: number): Promise<void> {
  await db.discordWebhook.deleteMany({ where: { userId } });
}

/** The user's webhook to send to; 404 when none is saved. */
export async function webhookOrThrow(userId: number): Promise<WebhookParts & { userId: number }> {
  const row = await db.discordWebhook.findUnique({ where: { userId } });
  if (!row?.origin || !row.webhookId || !row.token) throw new ApiError('not_found', DISCORD_MESSAGES.notSet, { code: ErrorCode.DISCORD_WEBHOOK_NOT_SET });
  return { userId, origin: row.origin, webhookId: row.webhookId, token: row.token };
}

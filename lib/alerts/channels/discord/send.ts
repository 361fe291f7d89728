import type { DiscordMessage } from './render.ts';
import { retryAfterSeconds } from '../../retry-after.ts';
import { db } from '../../../db/index.ts';
import { env } from '../../../env.ts';
import { webhookUrl, type WebhookParts } from './webhook.ts';

// Posts one message to a user's Discord webhook and records what happened on its row. `?wait=true` makes
// Discord answer with the message it created (so a 2xx means it is in the channel, and tells the channel).
// 404/401: the webhook was deleted in Discord; it is cleared and the profile says so. 429 and 5xx are
// retryable, after the wait Discord states (retry_after, or Retry-After) when it states one; so are timeouts and
// network errors. Redirects are not followed.
// Real alerts reach it through the Discord channel of the alert pipeline (./index.ts).

const TIMEOUT_MS = 10_000;

export type DiscordOutcome =
  | { outcome: 'sent'; status: number; channelId: string | null }
  | { outcome: 'gone'; status: number }
  | { outcome: 'failed'; status: number | null; retryable: boolean; retryAfterSeconds?: number; error: string };

export type StoredWebhook = WebhookParts & { userId: number };

async function outcomeOf(res: Response): Promise<DiscordOutcome> {
  const text = (await res.text().catch(() => '')).slice(0, 2000);
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // not JSON: a proxy's page
  }
  const status = res.status;
  if (status >= 200 && status < 300) return { outcome: 'sent', status, channelId: typeof json.channel_id === 'string' ? json.channel_id : null };
  if (status === 404 || status === 401) return { outcome: 'gone', status };
  const error = `Discord answered ${status}${typeof json.message === 'string' ? `: ${json.message}` : ''}`;
  if (status === 429 || status >= 500) {
    // How long to wait: Discord's body says it in seconds, fractional (retry_after: 2.5); the header rounds it.
    // The alert pipeline retries when it is over (lib/alerts/policy.ts afterStatedWait), or at its backoff if unsaid.
    const body = typeof json.retry_after === 'number' && Number.isFinite(json.retry_after) && json.retry_after >= 0 ? json.retry_after : undefined;
    const wait = body ?? retryAfterSeconds(res.headers.get('retry-after'));
    return { outcome: 'failed', status, retryable: true, ...(wait === undefined ? {} : { retryAfterSeconds: wait }), error };
  }
  return { outcome: 'failed', status, retryable: false, error };
}

export async function sendDiscord(webhook: StoredWebhook, message: DiscordMessage, { timeoutMs = TIMEOUT_MS } = {}): Promise<DiscordOutcome> {
  let outcome: DiscordOutcome;
  if (!env().DISCORD_WEBHOOK_HOSTS.includes(webhook.origin)) {
    outcome = { outcome: 'failed', status: null, retryable: false, error: `${webhook.origin} is not one of DISCORD_WEBHOOK_HOSTS` };
  } else {
    try {
      const res = await fetch(`${webhookUrl(webhook)}?wait=true`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'NC Bourbon Tracker (alerts)' },
        body: JSON.stringify(message),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      outcome = await outcomeOf(res);
    } catch (error) {
      const e = error as Error;
      const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : e.message;
      outcome = { outcome: 'failed', status: null, retryable: true, error: why };
    }
  }
  await record(webhook, outcome);
  return outcome;
}

/** On the user's row, as long as it still holds this webhook (the user may have replaced it meanwhile). */
async function record(webhook: StoredWebhook, outcome: DiscordOutcome): Promise<void> {
  const where = { userId: webhook.userId, webhookId: webhook.webhookId, token: webhook.token };
  const now = new Date();
  if (outcome.outcome === 'sent') {
    await db.discordWebhook.updateMany({ where, data: { lastSuccessAt: now, failureCount: 0, lastError: null, ...(outcome.channelId ? { channelId: outcome.channelId } : {}) } });
  } else if (outcome.outcome === 'gone') {
    await db.discordWebhook.updateMany({ where, data: { origin: null, webhookId: null, token: null, channelId: null, goneAt: now, lastFailureAt: now, lastError: `Discord answered ${outcome.status}` } });
  } else {
    await db.discordWebhook.updateMany({ where, data: { lastFailureAt: now, failureCount: { increment: 1 }, lastError: outcome.error.slice(0, 300) } });
  }
}

/** Sends to an active user's webhook; null when they have none (or are pending or disabled). */
export async function sendDiscordToUser(userId: number, message: DiscordMessage): Promise<DiscordOutcome | null> {
  const row = await db.discordWebhook.findFirst({ where: { userId, user: { status: 'active' }, origin: { not: null } } });
  if (!row?.origin || !row.webhookId || !row.token) return null;
  return sendDiscord({ userId, origin: row.origin, webhookId: row.webhookId, token: row.token }, message);
}

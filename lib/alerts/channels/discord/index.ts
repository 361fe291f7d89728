import { sendDiscordToUser } from './send.ts';
import { renderDiscord } from './render.ts';
import type { AlertChannel, DeliveryOutcome } from '../types.ts';

// The Discord channel: the alert as one embed (renderDiscord) to the user's webhook (./send.ts,
// which clears a webhook Discord says was deleted, so the profile shows it gone).

export function discordChannel(send: typeof sendDiscordToUser = sendDiscordToUser): AlertChannel {
  return {
    name: 'discord',
    async deliver(batch): Promise<DeliveryOutcome> {
      const outcome = await send(batch.userId, renderDiscord({ kind: batch.kind, content: batch.content }));
      if (!outcome) return { status: 'gone', reason: 'no Discord webhook' };
      if (outcome.outcome === 'sent') return { status: 'sent' };
      if (outcome.outcome === 'gone') return { status: 'gone', reason: `Discord answered ${outcome.status}: the webhook was deleted` };
      if (!outcome.retryable) return { status: 'failed', error: outcome.error };
      return { status: 'retryable', error: outcome.error, ...(outcome.retryAfterSeconds !== undefined ? { retryAfterMs: outcome.retryAfterSeconds * 1000 } : {}) };
    },
  };
}

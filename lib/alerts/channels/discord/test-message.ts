import 'server-only';
import { discordTestMessage } from './render.ts';
import { ErrorCode } from '../../../api/error-codes.ts';
import { ApiError } from '../../../api/errors.ts';
import { consumeRateLimit } from '../../../auth/rate-limit.ts';
import { DISCORD_MESSAGES } from './rules.ts';
import { sendDiscord } from './send.ts';
import { webhookOrThrow } from './webhook.ts';

/**
 * Posts the test message to the user's webhook (rate limited per user). A webhook Discord no longer knows is
 * cleared and answered 409, so the screen shows why it disappeared; any other failure is a 409 too.
 */
export async function sendTestDiscord(userId: number): Promise<{ channel_id: string | null }> {
  const webhook = await webhookOrThrow(userId);
  await consumeRateLimit('test_message', `discord:${userId}`);
  const outcome = await sendDiscord(webhook, discordTestMessage());
  if (outcome.outcome === 'gone') throw new ApiError('conflict', DISCORD_MESSAGES.gone, { code: ErrorCode.DISCORD_WEBHOOK_NOT_SET });
  if (outcome.outcome === 'failed') throw new ApiError('conflict', `${DISCORD_MESSAGES.failed} (${outcome.error})`);
  return { channel_id: outcome.channelId };
}

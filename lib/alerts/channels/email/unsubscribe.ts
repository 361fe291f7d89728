import 'server-only';
import { ApiError } from '../../../api/errors.ts';
import { db } from '../../../db/index.ts';
import { ALERT_MESSAGES } from '../../rules.ts';
import { channelOn, maskEmail, turnChannelOff } from '../../settings.ts';
import { verifyUnsubscribeToken } from './token.ts';

// The unsubscribe link of every alert e-mail, without signing in: the signed token names the user.

async function userOf(token: string) {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) throw new ApiError('bad_request', ALERT_MESSAGES.invalidToken);
  return db.user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
}

/** What the unsubscribe page shows before the click: whose alerts, and whether alert e-mails are on. */
export async function checkUnsubscribe(token: string): Promise<{ email: string | null; enabled: boolean }> {
  const user = await userOf(token);
  return { email: user ? maskEmail(user.email) : null, enabled: user ? await channelOn(user.id, 'email') : false };
}

/** Turns the token's user's alert e-mails off. A deleted account has nothing left to turn off. */
export async function confirmUnsubscribe(token: string): Promise<void> {
  const user = await userOf(token);
  if (user) await turnChannelOff(user.id, 'email');
}

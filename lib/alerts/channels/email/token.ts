import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from '../../../env.ts';

// The unsubscribe link's token: "<user id>.<HMAC-SHA256(user id, purpose)>" keyed by the session secret.
// It needs no sign-in and no stored state, never expires (an unsubscribe link must keep working), and
// stops working only if SESSION_SECRET changes. It can do one thing: turn that user's alerts off.

const PURPOSE = 'arrival-alerts:unsubscribe:v1';

function signature(userId: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

export function unsubscribeToken(userId: number, secret = sessionSecret()): string {
  return `${userId}.${signature(userId, secret).toString('base64url')}`;
}

/** The user id the token was made for, or null for anything not made with this secret. */
export function verifyUnsubscribeToken(token: string, secret = sessionSecret()): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const given = Buffer.from(match[2], 'base64url');
  const expected = signature(userId, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

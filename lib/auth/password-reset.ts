import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { sendMail } from '../mail/index.ts';
import { choosePasswordEmail, passwordResetEmail } from '../mail/templates.ts';
import { hashPassword } from './password.ts';
import { withinRateLimit } from './rate-limit.ts';
import { RESET_TOKEN_TTL_MINUTES } from './rules.ts';
import { storeNewPassword, voidResetLinks } from './credentials.ts';

// Password reset: a random 32-byte token, stored as a SHA-256 hash, valid one hour, single use.

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const RESET_MESSAGES = {
  requested: 'If an account exists for that email, we sent a link to reset your password. It is valid for 1 hour.',
  invalidToken: 'Invalid or expired reset token',
} as const;

/**
 * Creates a token for the user (voiding earlier unused ones) and e-mails the link: to reset a password, or
 * ('choose') to choose the first one of an address that was registered more than once (lib/auth/verification.ts).
 */
export async function sendPasswordLink(user: { id: number; email: string; firstName: string }, kind: 'reset' | 'choose' = 'reset') {
  const token = randomBytes(32).toString('base64url');
  await db.$transaction(async (tx) => {
    await voidResetLinks(tx, user.id);
    await tx.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000) },
    });
  });
  return sendMail(kind === 'choose' ? choosePasswordEmail(user.email, token) : passwordResetEmail(user.email, user.firstName, token));
}

/**
 * Same answer whether or not the address has an account, and whether or not a mail goes out: beyond
 * RATE_LIMIT_RESET_REQUEST mails to one address in the window, a request sends nothing (and voids nothing),
 * so strangers asking for someone else's address can neither flood the mailbox nor keep the owner from the
 * newest link in it. (A 429 would refuse the owner's own request too.) Counted for every address alike.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  const mayMail = await withinRateLimit('reset_request', email);
  const user = await db.user.findUnique({ where: { email } });
  if (mayMail && user && user.emailVerifiedAt && user.status !== 'disabled') {
    // Not awaited: the token and the SMTP round trip take tens to hundreds of milliseconds, and an answer
    // that took that much longer would tell who has an account. (sendMail logs and records its failures.)
    void sendPasswordLink(user).catch((error) => console.error('[auth] password reset e-mail failed:', error));
  }
  return RESET_MESSAGES.requested;
}

async function liveToken(token: string) {
  if (!token || token.length > 200) return null;
  const row = await db.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) }, include: { user: true } });
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.user.status === 'disabled') return null;
  return row;
}

export async function checkResetToken(token: string) {
  const row = await liveToken(token);
  if (!row) throw new ApiError('bad_request', RESET_MESSAGES.invalidToken, { valid: false });
  return { valid: true, user: { first_name: row.user.firstName, email: row.user.email } };
}

/** Sets the new password, burns the token and ends every session and every other reset link of the user. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  const row = await liveToken(token);
  if (!row) throw new ApiError('bad_request', RESET_MESSAGES.invalidToken);
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    // The conditional update makes the token single-use even under concurrent requests; the token is burned
    // only together with the new password.
    const claimed = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count !== 1) throw new ApiError('bad_request', RESET_MESSAGES.invalidToken);
    await storeNewPassword(tx, row.userId, passwordHash);
    await tx.auditLog.create({ data: { actorId: row.userId, targetUserId: row.userId, action: 'password_reset' } });
  });
}

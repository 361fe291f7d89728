import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { sessionSecret } from '../env.ts';
import { sendMail } from '../mail/index.ts';
import { adminNewUserEmail, verificationEmail, welcomePendingEmail } from '../mail/templates.ts';
import { RESEND_COOLDOWN_SECONDS, VERIFICATION_ATTEMPTS, VERIFICATION_CODE_TTL_MINUTES } from './rules.ts';

// E-mail verification with a 6-digit code: stored as an HMAC, valid 30 minutes, 3 attempts, a new
// code replaces the old one, resending waits 60 s.

const hashCode = (userId: number, code: string) =>
  createHmac('sha256', sessionSecret()).update(`${userId}:${code}`).digest('hex');

export const VERIFY_ERRORS = {
  invalid: 'Invalid verification code',
  expired: 'Verification code has expired. Please request a new one.',
  tooMany: 'Too many attempts. Please request a new verification code.',
  alreadyVerified: 'This email is already verified. Please log in.',
} as const;

/** Seconds left before another code may be sent to this user (0 when allowed). */
export async function resendWaitSeconds(userId: number, now = Date.now()): Promise<number> {
  const current = await db.emailVerification.findUnique({ where: { userId }, select: { sentAt: true } });
  if (!current) return 0;
  const elapsed = (now - current.sentAt.getTime()) / 1000;
  return elapsed >= RESEND_COOLDOWN_SECONDS ? 0 : Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed);
}

/** Creates a fresh code (voiding any earlier one) and e-mails it. The code is saved before sending, so a failed send loses nothing: resend retries it. */
export async function issueVerificationCode(user: { id: number; email: string; firstName: string }) {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = new Date();
  const data = {
    codeHash: hashCode(user.id, code),
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
    attemptsLeft: VERIFICATION_ATTEMPTS,
    sentAt: now,
  };
  await db.emailVerification.upsert({ where: { userId: user.id }, create: { userId: user.id, ...data }, update: data });
  return sendMail(verificationEmail(user.email, user.firstName, code));
}

export async function verifyEmailCode(email: string, code: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email } });
  if (!user) throw new ApiError('bad_request', VERIFY_ERRORS.invalid, { remainingAttempts: 0 });
  if (user.emailVerifiedAt) throw new ApiError('conflict', VERIFY_ERRORS.alreadyVerified, { code: 'ALREADY_VERIFIED' });
  const record = await db.emailVerification.findUnique({ where: { userId: user.id } });
  if (!record || record.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('bad_request', VERIFY_ERRORS.expired, { code: 'EXPIRED' });
  }
  if (record.attemptsLeft <= 0) {
    throw new ApiError('rate_limited', VERIFY_ERRORS.tooMany, { code: 'TOO_MANY_ATTEMPTS', remainingAttempts: 0 });
  }
  const expected = Buffer.from(record.codeHash, 'hex');
  const actual = Buffer.from(hashCode(user.id, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    // Atomic decrement: parallel guesses cannot share one attempt.
    const rows = await db.$queryRaw<{ attempts_left: number }[]>`
      UPDATE email_verifications SET attempts_left = attempts_left - 1
      WHERE user_id = ${user.id} AND attempts_left > 0 RETURNING attempts_left`;
    const remaining = rows[0]?.attempts_left ?? 0;
    if (remaining <= 0) {
      throw new ApiError('rate_limited', VERIFY_ERRORS.tooMany, { code: 'TOO_MANY_ATTEMPTS', remainingAttempts: 0 });
    }
    throw new ApiError('bad_request', VERIFY_ERRORS.invalid, { remainingAttempts: remaining });
  }
  await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date(), status: 'pending' } }),
    db.emailVerification.delete({ where: { userId: user.id } }),
    db.auditLog.create({ data: { actorId: user.id, targetUserId: user.id, action: 'email_verified' } }),
  ]);
  // Now pending approval: welcome the user, tell every active admin.
  await sendMail(welcomePendingEmail(user.email, user.firstName));
  const admins = await db.user.findMany({ where: { role: 'admin', status: 'active' }, select: { email: true } });
  await Promise.all(admins.map((a) => sendMail(adminNewUserEmail(a.email, user))));
}

/**
 * Sends a new code. Unknown and already verified addresses get the same answer as real ones, so the
 * endpoint does not reveal who has an account.
 */
export async function resendVerification(email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.emailVerifiedAt) return;
  const wait = await resendWaitSeconds(user.id);
  if (wait > 0) {
    throw new ApiError('rate_limited', `Please wait ${wait} seconds before requesting a new code`, { waitTime: wait });
  }
  const sent = await issueVerificationCode(user);
  if (!sent.ok) throw new ApiError('unprocessable', 'We could not send the e-mail right now. Please try again in a minute.');
}

import 'server-only';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError } from '../api/errors.ts';
import { db, type Prisma } from '../db/index.ts';
import { sessionSecret } from '../env.ts';
import { sendMail } from '../mail/index.ts';
import { adminNewUserEmail, verificationEmail, welcomePendingEmail } from '../mail/templates.ts';
import { hashPassword } from './password.ts';
import { sendPasswordLink } from './password-reset.ts';
import { consumeRateLimit } from './rate-limit.ts';
import { RESEND_COOLDOWN_SECONDS, VERIFICATION_ATTEMPTS, VERIFICATION_CODE_TTL_MINUTES } from './rules.ts';

// E-mail verification with a 6-digit code: stored as an HMAC, valid 30 minutes, 3 attempts, a new
// code replaces the old one, resending waits 60 s.
//
// A code belongs to one registration: the row keeps the password hash and names the code was sent for.
// A code proves the mailbox, and nothing about who typed in which registration (the spec's verify call
// sends only the e-mail and the code). So an address registered once gets that registration's password at
// verification, and an address registered more than once before verification (users.registrations) gets
// none: whoever verifies it chooses a password from a link mailed to the now-proved address
// (docs/decisions/017-contested-registrations.md). A stranger's password never opens someone's account.

const hashCode = (userId: number, code: string) =>
  createHmac('sha256', sessionSecret()).update(`${userId}:${code}`).digest('hex');

export const VERIFY_ERRORS = {
  invalid: 'Invalid verification code',
  expired: 'Verification code has expired. Please request a new one.',
  tooMany: 'Too many attempts. Please request a new verification code.',
  alreadyVerified: 'This email is already verified. Please log in.',
} as const;

export const VERIFY_MESSAGES = {
  verified: 'Email verified successfully. Your account is now awaiting admin approval.',
  choosePassword:
    'Email verified. This address was registered more than once, so no password was kept: we e-mailed you a link to choose yours. Your account then awaits admin approval.',
} as const;

/** How a verification ended: the registration's password is active, or the owner must choose one (mailed). */
export type Verified = { choosePassword: boolean };

/** What a code activates: the password and names of the registration it was sent for. */
export interface Registration {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

type Tx = Prisma.TransactionClient;

/** Seconds left before another code may be sent to this user (0 when allowed). */
export async function resendWaitSeconds(userId: number, now = Date.now(), client: Tx | typeof db = db): Promise<number> {
  const current = await client.emailVerification.findUnique({ where: { userId }, select: { sentAt: true } });
  if (!current) return 0;
  const elapsed = (now - current.sentAt.getTime()) / 1000;
  return elapsed >= RESEND_COOLDOWN_SECONDS ? 0 : Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed);
}

/**
 * Saves a fresh code for `registration` (voiding any earlier one) and returns it; the caller mails it once
 * its transaction has committed. Saved before sending, so a failed send loses nothing: resend retries it.
 */
export async function saveVerificationCode(client: Tx | typeof db, userId: number, registration: Registration): Promise<string> {
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const now = new Date();
  const data = {
    codeHash: hashCode(userId, code),
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
    attemptsLeft: VERIFICATION_ATTEMPTS,
    sentAt: now,
    ...registration,
  };
  await client.emailVerification.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  return code;
}

/** Voids the current code (it answers EXPIRED) but keeps its sending time, so the resend cooldown still holds. */
export async function voidVerificationCode(client: Tx | typeof db, userId: number): Promise<void> {
  await client.emailVerification.updateMany({ where: { userId }, data: { expiresAt: new Date() } });
}

/** A fresh code for the account's current registration (what users holds now), e-mailed. */
async function issueVerificationCode(user: { id: number; email: string }) {
  const current = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { passwordHash: true, firstName: true, lastName: true },
  });
  const code = await saveVerificationCode(db, user.id, current);
  return sendMail(verificationEmail(user.email, code));
}

/**
 * Verifies the address with the code. Registered once: the registration the code was sent for is activated
 * (password and names). Registered more than once: no registration's password is kept, and a link to choose
 * one goes to the address instead of the welcome mail (`choosePassword`).
 */
export async function verifyEmailCode(email: string, code: string): Promise<Verified> {
  const user = await db.user.findUnique({ where: { email } });
  if (!user) throw new ApiError('bad_request', VERIFY_ERRORS.invalid, { remainingAttempts: 0 });
  if (user.emailVerifiedAt) throw new ApiError('conflict', VERIFY_ERRORS.alreadyVerified, { code: ErrorCode.ALREADY_VERIFIED });
  const record = await db.emailVerification.findUnique({ where: { userId: user.id } });
  if (!record || record.expiresAt.getTime() <= Date.now()) {
    // No code left may mean a request with the same code has just verified the address.
    if (!record && (await isVerified(user.id))) throw new ApiError('conflict', VERIFY_ERRORS.alreadyVerified, { code: ErrorCode.ALREADY_VERIFIED });
    throw new ApiError('bad_request', VERIFY_ERRORS.expired, { code: ErrorCode.EXPIRED });
  }
  if (record.attemptsLeft <= 0) {
    throw new ApiError('rate_limited', VERIFY_ERRORS.tooMany, { code: ErrorCode.TOO_MANY_ATTEMPTS, remainingAttempts: 0 });
  }
  // Each resend brings 3 fresh attempts: the account's wrong codes are bounded across resends too, from
  // whatever address. Counted before the code is compared (parallel guesses cannot share a slot), and taken
  // back when the code is right.
  const attempt = await consumeRateLimit('verify_account', String(user.id));
  const expected = Buffer.from(record.codeHash, 'hex');
  const actual = Buffer.from(hashCode(user.id, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    // Atomic decrement: parallel guesses cannot share one attempt.
    const rows = await db.$queryRaw<{ attempts_left: number }[]>`
      UPDATE email_verifications SET attempts_left = attempts_left - 1
      WHERE user_id = ${user.id} AND attempts_left > 0 RETURNING attempts_left`;
    const remaining = rows[0]?.attempts_left ?? 0;
    if (remaining <= 0) {
      throw new ApiError('rate_limited', VERIFY_ERRORS.tooMany, { code: ErrorCode.TOO_MANY_ATTEMPTS, remainingAttempts: 0 });
    }
    throw new ApiError('bad_request', VERIFY_ERRORS.invalid, { remainingAttempts: remaining });
  }
  await attempt.refund(); // a right code is no guess

  // A password nobody knows, for an address registered more than once (hashed before the transaction: bcrypt
  // takes a while, and the user row is locked in there).
  const noPassword = user.registrations > 1 ? await unknownPasswordHash() : null;

  // Claim the code: the user row is locked first (a registration of the address waits, and cannot slip in
  // between reading `registrations` and the update), and the DELETE decides between concurrent requests.
  const activated = await db.$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ registrations: number; verified: boolean }[]>`
      SELECT registrations, email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${user.id} FOR UPDATE`;
    if (!account || account.verified) return null;
    const [claimed] = await tx.$queryRaw<{ password_hash: string; first_name: string; last_name: string }[]>`
      DELETE FROM email_verifications
      WHERE user_id = ${user.id} AND code_hash = ${record.codeHash} AND expires_at > now() AND attempts_left > 0
      RETURNING password_hash, first_name, last_name`;
    if (!claimed) return null;
    const choosePassword = account.registrations > 1;
    await tx.user.update({
      where: { id: user.id },
      data: {
        passwordHash: choosePassword ? (noPassword ?? (await unknownPasswordHash())) : claimed.password_hash,
        firstName: claimed.first_name,
        lastName: claimed.last_name,
        emailVerifiedAt: new Date(),
        status: 'pending',
      },
    });
    await tx.auditLog.create({
      data: { actorId: user.id, targetUserId: user.id, action: 'email_verified', details: choosePassword ? { registrations: account.registrations } : undefined },
    });
    return { firstName: claimed.first_name, lastName: claimed.last_name, choosePassword };
  });
  if (!activated) {
    // Another request with the same code won (or a new registration replaced the code in between).
    if (await isVerified(user.id)) throw new ApiError('conflict', VERIFY_ERRORS.alreadyVerified, { code: ErrorCode.ALREADY_VERIFIED });
    throw new ApiError('bad_request', VERIFY_ERRORS.expired, { code: ErrorCode.EXPIRED });
  }
  // Now pending approval: welcome the user (or send the link to choose a password), tell every active admin.
  const verified = { id: user.id, email: user.email, firstName: activated.firstName, lastName: activated.lastName };
  if (activated.choosePassword) await sendPasswordLink(verified, 'choose');
  else await sendMail(welcomePendingEmail(verified.email, verified.firstName));
  const admins = await db.user.findMany({ where: { role: 'admin', status: 'active' }, select: { email: true } });
  await Promise.all(admins.map((a) => sendMail(adminNewUserEmail(a.email, verified))));
  return { choosePassword: activated.choosePassword };
}

/** The hash of a random password that is never shown to anyone: no password opens the account. */
const unknownPasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

async function isVerified(userId: number): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}

/**
 * Sends a new code for the account's current registration. Unknown and already verified addresses get the
 * same answer as real ones, so the endpoint does not reveal who has an account.
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

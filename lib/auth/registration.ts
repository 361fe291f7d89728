import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { sendMail } from '../mail/index.ts';
import { verificationEmail } from '../mail/templates.ts';
import { hashPassword } from './password.ts';
import { resendWaitSeconds, saveVerificationCode, voidVerificationCode } from './verification.ts';

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const REGISTER_MESSAGES = {
  created: 'Registration successful. We sent a 6-digit verification code to your email.',
  unverified: 'This email is already registered but not verified. We saved your details and sent you a new verification code.',
  unverifiedCooldown:
    'This email is already registered but not verified. We saved your details; the code sent earlier no longer works, so request a new one in a minute.',
  exists: 'An account with this email already exists. Please log in or reset your password.',
} as const;

const emailExists = () => new ApiError('conflict', REGISTER_MESSAGES.exists, { code: ErrorCode.EMAIL_EXISTS });

/**
 * Registers a new, unverified account and e-mails its code. The account is saved first: a failed e-mail
 * never loses the registration (resend retries).
 *
 * An address that is registered but not verified is registered again: the new names and password replace
 * the old ones, the earlier code stops working, and the address counts as registered more than once, so
 * verifying it keeps no registration's password (lib/auth/verification.ts): a stranger who typed in someone
 * else's address, before or after its owner, never gets a password into the account. The answer is
 * UNVERIFIED_EXISTS, with a new code when the resend cooldown allows (otherwise the screen's resend gets
 * one a minute later).
 */
export async function register(input: RegistrationInput): Promise<{ message: string; email: string }> {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true, emailVerifiedAt: true } });
  if (existing?.emailVerifiedAt) throw emailExists();
  const details = { passwordHash: await hashPassword(input.password), firstName: input.firstName, lastName: input.lastName };
  if (existing) return registerAgain(existing.id, input.email, details);

  let user;
  try {
    user = await db.user.create({ data: { email: input.email, ...details, status: 'pending' } });
  } catch (error) {
    // Two registrations racing for one address: the loser is told the address is taken.
    if ((error as { code?: string }).code === 'P2002') throw emailExists();
    throw error;
  }
  const code = await saveVerificationCode(db, user.id, details);
  await sendMail(verificationEmail(user.email, code));
  return { message: REGISTER_MESSAGES.created, email: user.email };
}

async function registerAgain(userId: number, email: string, details: { passwordHash: string; firstName: string; lastName: string }): Promise<never> {
  // The user row is locked so a verification cannot slip in between (it would activate the old password).
  const code = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ verified: boolean }[]>`
      SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${userId} FOR UPDATE`;
    if (!row || row.verified) throw emailExists();
    await tx.user.update({ where: { id: userId }, data: { ...details, registrations: { increment: 1 } } });
    if ((await resendWaitSeconds(userId, Date.now(), tx)) > 0) {
      await voidVerificationCode(tx, userId);
      return null;
    }
    return saveVerificationCode(tx, userId, details);
  });
  if (code) await sendMail(verificationEmail(email, code));
  const message = code ? REGISTER_MESSAGES.unverified : REGISTER_MESSAGES.unverifiedCooldown;
  throw new ApiError('conflict', message, { code: ErrorCode.UNVERIFIED_EXISTS, email });
}

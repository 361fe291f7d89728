import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { hashPassword } from './password.ts';
import { issueVerificationCode, resendWaitSeconds } from './verification.ts';

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export const REGISTER_MESSAGES = {
  created: 'Registration successful. We sent a 6-digit verification code to your email.',
  unverified: 'This email is already registered but not verified. We sent you a new verification code.',
  unverifiedCooldown: 'This email is already registered but not verified. Enter the code we sent you, or request a new one in a minute.',
  exists: 'An account with this email already exists. Please log in or reset your password.',
} as const;

/**
 * Registers a new, unverified account and e-mails its code. The account is saved first: a failed
 * e-mail never loses the registration (resend retries). An existing unverified address answers
 * UNVERIFIED_EXISTS and gets a fresh code when the cooldown allows.
 */
export async function register(input: RegistrationInput): Promise<{ message: string; email: string }> {
  const existing = await db.user.findUnique({ where: { email: input.email } });
  if (existing?.emailVerifiedAt) throw new ApiError('conflict', REGISTER_MESSAGES.exists, { code: 'EMAIL_EXISTS' });
  if (existing) {
    const wait = await resendWaitSeconds(existing.id);
    if (wait === 0) await issueVerificationCode(existing);
    const message = wait === 0 ? REGISTER_MESSAGES.unverified : REGISTER_MESSAGES.unverifiedCooldown;
    throw new ApiError('conflict', message, { code: 'UNVERIFIED_EXISTS', message, email: existing.email });
  }
  const passwordHash = await hashPassword(input.password);
  let user;
  try {
    user = await db.user.create({
      data: { email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, status: 'pending' },
    });
  } catch (error) {
    // Two registrations racing for one address: the loser is told the address is taken.
    if ((error as { code?: string }).code === 'P2002') throw new ApiError('conflict', REGISTER_MESSAGES.exists, { code: 'EMAIL_EXISTS' });
    throw error;
  }
  await issueVerificationCode(user);
  return { message: REGISTER_MESSAGES.created, email: user.email };
}

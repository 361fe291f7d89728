import 'server-only';
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { burnPasswordCheck, verifyPassword } from './password.ts';
import { consumeRateLimit } from './rate-limit.ts';

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .max(320, 'Email is too long')
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.string().min(1, 'Email is required')),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
});

export const LOGIN_ERRORS = {
  credentials: 'Invalid email or password',
  unverified: 'Please verify your email address before logging in.',
  pending:
    'Your account is pending approval. You will receive an email as soon as an administrator approves it.',
  disabled: 'Your account has been disabled. Please contact support.',
} as const;

/**
 * Checks credentials and account state; returns the user id to start a session for. The password is
 * checked first, so account states are only revealed to someone who knows the password, and an
 * unknown e-mail costs the same bcrypt time as a wrong password.
 */
export async function authenticate(email: string, password: string): Promise<number> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, passwordHash: true, status: true, emailVerifiedAt: true },
  });
  const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
  if (!user || !ok) throw new ApiError('unauthorized', LOGIN_ERRORS.credentials);
  if (!user.emailVerifiedAt) throw new ApiError('forbidden', LOGIN_ERRORS.unverified, { code: ErrorCode.EMAIL_NOT_VERIFIED, email });
  if (user.status === 'pending') throw new ApiError('forbidden', LOGIN_ERRORS.pending, { code: ErrorCode.PENDING_APPROVAL });
  if (user.status === 'disabled') throw new ApiError('forbidden', LOGIN_ERRORS.disabled, { code: ErrorCode.ACCOUNT_DISABLED });
  return user.id;
}

/**
 * A login attempt from `address` (the client's own, lib/api/client-address.ts): the user id to start a
 * session for. Limits stop the guesser, never the owner (docs/decisions/016-limits-that-stop-the-guesser.md):
 * failures count per address, and per account from that address, so nobody else's failures refuse the
 * owner's right password. Counted before the password is checked (parallel guesses cannot slip past) and
 * taken back unless the password was wrong: only failures count.
 */
export async function logIn(email: string, password: string, address: string): Promise<number> {
  const attempts = [await consumeRateLimit('login_ip', address), await consumeRateLimit('login_email', `${email} ${address}`)];
  const takeBack = () => Promise.all(attempts.map((a) => a.refund()));
  try {
    const userId = await authenticate(email, password);
    await takeBack();
    return userId;
  } catch (error) {
    // A right password for an account that may not sign in yet (unverified, pending, disabled) is no guess.
    if (!(error instanceof ApiError && error.kind === 'unauthorized')) await takeBack();
    throw error;
  }
}

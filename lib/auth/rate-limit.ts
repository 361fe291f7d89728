import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { env, type Env } from '../env.ts';

// Rate limits as a typed policy table. Counters live in Postgres (rate_limits) so every app instance
// sees the same numbers. Each limit is "count/seconds" from configuration; tests relax them the same way.
//
// A limit stops the guesser, never the owner (docs/decisions/016-limits-that-stop-the-guesser.md): keys are
// the client's own address (lib/api/client-address.ts) or the signed-in user, and a limit keyed on an
// account alone either counts only failures nobody else can cause... or answers as usual and does less.

const POLICIES = {
  // Failed logins per client address (any account), and per account from one address.
  login_ip: 'RATE_LIMIT_LOGIN_IP',
  login_email: 'RATE_LIMIT_LOGIN_EMAIL',
  // Verification guesses per client address; wrong codes per account, across resends and addresses.
  verify: 'RATE_LIMIT_VERIFY',
  verify_account: 'RATE_LIMIT_VERIFY_ACCOUNT',
  resend: 'RATE_LIMIT_RESEND',
  // Reset requests per client address (429), and reset mails per address (beyond it: no mail, same answer).
  reset_request: 'RATE_LIMIT_RESET_REQUEST',
  register: 'RATE_LIMIT_REGISTER',
  // Per user: a stolen session must not become a way to guess the current password without limit. Its own
  // bucket, so mistyping the current password never locks the user out of logging in (nor the reverse).
  change_password: 'RATE_LIMIT_CHANGE_PASSWORD',
  // Per user and channel ("push:<id>", "discord:<id>"): a test message is a request our server makes to
  // another service on the user's say-so, so a stolen session must not turn it into a cannon.
  test_message: 'RATE_LIMIT_TEST_MESSAGE',
} as const satisfies Record<string, keyof Env>;

export type RatePolicy = keyof typeof POLICIES;

export function parseLimit(value: string): { limit: number; windowSeconds: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new Error(`Invalid rate limit "${value}": expected "count/seconds", e.g. "10/900"`);
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** One counted attempt. */
export interface Attempt {
  /** Takes the attempt back (it succeeded, and only failures count): the window it was counted in loses one. */
  refund(): Promise<void>;
}

/** Counts one attempt for (policy, key) in the current window; the count after it and the window. */
async function count(policy: RatePolicy, key: string) {
  const { limit, windowSeconds } = parseLimit(env()[POLICIES[policy]] as string);
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const id = `${policy}:${key}`;
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${id}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count`;
  // Old windows are useless; prune a few now and then instead of running a job for it.
  if (Math.random() < 0.01) {
    await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(now - 24 * 3600_000) } } });
  }
  const attempt: Attempt = {
    async refund() {
      await db.$executeRaw`UPDATE rate_limits SET count = count - 1 WHERE key = ${id} AND window_start = ${windowStart} AND count > 0`;
    },
  };
  return { over: rows[0].count > limit, retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)), attempt };
}

/**
 * Counts one attempt for (policy, key) and throws a 429 ApiError once the window's limit is exceeded.
 * The message tells the user how long to wait. Counted before the attempt is made, so parallel attempts
 * cannot slip past the limit together; where only failures should count, refund() a success.
 */
export async function consumeRateLimit(policy: RatePolicy, key: string): Promise<Attempt> {
  const { over, retryAfter, attempt } = await count(policy, key);
  if (over) {
    throw new ApiError('rate_limited', `Too many attempts. Please try again in ${describeWait(retryAfter)}.`, {
      code: ErrorCode.RATE_LIMITED,
      retryAfter,
    });
  }
  return attempt;
}

/**
 * Counts one use of (policy, key) and says whether it is within the window's limit, without refusing
 * anything: for work a stranger may ask for on someone else's behalf, which is then quietly not done
 * (a reset mail) instead of refused to everyone asking, the owner included.
 */
export async function withinRateLimit(policy: RatePolicy, key: string): Promise<boolean> {
  return !(await count(policy, key)).over;
}

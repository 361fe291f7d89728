import 'server-only';
import { ApiError } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { env, type Env } from '../env.ts';

// Rate limits as a typed policy table. Counters live in Postgres (rate_limits) so every app instance
// sees the same numbers. Each limit is "count/seconds" from configuration; tests relax them the same way.

const POLICIES = {
  login_ip: 'RATE_LIMIT_LOGIN_IP',
  login_email: 'RATE_LIMIT_LOGIN_EMAIL',
  verify: 'RATE_LIMIT_VERIFY',
  resend: 'RATE_LIMIT_RESEND',
  reset_request: 'RATE_LIMIT_RESET_REQUEST',
  register: 'RATE_LIMIT_REGISTER',
  // Per user: a stolen session must not become a way to guess the current password without limit. Its own
  // bucket, so mistyping the current password never locks the user out of logging in (nor the reverse).
  change_password: 'RATE_LIMIT_CHANGE_PASSWORD',
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

/**
 * Counts one attempt for (policy, key) and throws a 429 ApiError once the window's limit is exceeded.
 * The message tells the user how long to wait.
 */
export async function consumeRateLimit(policy: RatePolicy, key: string): Promise<void> {
  const { limit, windowSeconds } = parseLimit(env()[POLICIES[policy]] as string);
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${`${policy}:${key}`}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
    RETURNING count`;
  if (rows[0].count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw new ApiError('rate_limited', `Too many attempts. Please try again in ${describeWait(retryAfter)}.`, {
      code: 'RATE_LIMITED',
      retryAfter,
    });
  }
  // Old windows are useless; prune a few now and then instead of running a job for it.
  if (Math.random() < 0.01) {
    await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(now - 24 * 3600_000) } } });
  }
}

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { env } from '../env.ts';
import { consumeRateLimit, parseLimit, withinRateLimit } from './rate-limit.ts';
import { sql } from '@/testing/sql';

// Limits of this file's process (configuration is read once per process; each test file has its own).
process.env.RATE_LIMIT_VERIFY = '3/3600';
process.env.RATE_LIMIT_RESEND = '1/60';
process.env.RATE_LIMIT_REGISTER = '3/3600';
env(); // read (and cache) them now; tests below that stub variables use a fresh copy of lib/env.ts

/** Runs `fn` with some variables set (a value) or unset (undefined), then puts them back. */
async function withEnv(vars: Record<string, string | undefined>, fn: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  try {
    apply(vars);
    await fn();
  } finally {
    apply(saved);
  }
}

const uniqueKey = () => `test-${randomBytes(6).toString('hex')}`;

/** Fixed windows: start a test well inside one so it cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number, marginMs = 5_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseLimit', () => {
  it('reads "count/seconds"', () => {
    expect(parseLimit('10/900')).toEqual({ limit: 10, windowSeconds: 900 });
    expect(parseLimit(' 5/60 ')).toEqual({ limit: 5, windowSeconds: 60 });
  });

  it.each(['', '10', '10/', '/900', '0/900', '10/0', '-1/900', '1.5/900', 'ten/900', '10/900/1', '10 / 900'])(
    'refuses %j with a message naming the expected format',
    (value) => {
      expect(() => parseLimit(value)).toThrow(/count\/seconds/);
    },
  );

  it('has a valid default for every policy: login per IP and per e-mail, verify, resend, reset request, register, change password', async () => {
    const names = ['RATE_LIMIT_LOGIN_IP', 'RATE_LIMIT_LOGIN_EMAIL', 'RATE_LIMIT_VERIFY', 'RATE_LIMIT_VERIFY_ACCOUNT', 'RATE_LIMIT_RESEND', 'RATE_LIMIT_RESET_REQUEST', 'RATE_LIMIT_REGISTER', 'RATE_LIMIT_CHANGE_PASSWORD'] as const;
    await withEnv(Object.fromEntries(names.map((n) => [n, undefined])), async () => {
      vi.resetModules();
      const config = (await import('../env.ts')).env();
      for (const n of names) {
        const { limit, windowSeconds } = parseLimit(config[n]);
        expect(limit, n).toBeGreaterThan(0);
        expect(windowSeconds, n).toBeGreaterThanOrEqual(60);
      }
    });
  });

  it('refuses a malformed limit when the configuration is read, naming the variable (not as a 500 on first use)', async () => {
    await withEnv({ RATE_LIMIT_LOGIN_IP: '20 per 15 minutes' }, async () => {
      vi.resetModules();
      const fresh = await import('../env.ts');
      expect(() => fresh.env()).toThrow(/RATE_LIMIT_LOGIN_IP/);
    });
  });
});

describe('consumeRateLimit (counters in Postgres)', () => {
  it('allows `count` attempts per window, then throws a 429 with a message, code and retryAfter', async () => {
    await awayFromWindowEdge(3600);
    expect(env().RATE_LIMIT_VERIFY).toBe('3/3600');
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) await consumeRateLimit('verify', key);
    const error = await rejection(consumeRateLimit('verify', key));
    expect(error.status).toBe(429);
    expect(error.kind).toBe('rate_limited');
    expect(error.extra.code).toBe('RATE_LIMITED');
    expect(error.extra.retryAfter).toBeGreaterThan(0);
    expect(error.extra.retryAfter).toBeLessThanOrEqual(3600);
    expect(error.message).toMatch(/^Too many attempts\. Please try again in \d+ (minutes|seconds)\.$/);

    // Still refused, and every attempt is counted in the shared table.
    await rejection(consumeRateLimit('verify', key));
    const rows = await sql<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [`verify:${key}`]);
    expect(rows).toEqual([{ count: 5 }]);
  });

  it('counts each key and each policy separately', async () => {
    await awayFromWindowEdge(3600);
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) await consumeRateLimit('verify', key);
    await rejection(consumeRateLimit('verify', key));
    await expect(consumeRateLimit('verify', uniqueKey())).resolves.toHaveProperty('refund');
    await expect(consumeRateLimit('register', key)).resolves.toHaveProperty('refund');
  });

  it('opens again in the next window', async () => {
    await awayFromWindowEdge(3600);
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) await consumeRateLimit('verify', key);
    await rejection(consumeRateLimit('verify', key));
    // Pretend the window is over: move it an hour into the past.
    await sql(`UPDATE rate_limits SET window_start = window_start - interval '1 hour' WHERE key = $1`, [`verify:${key}`]);
    await expect(consumeRateLimit('verify', key)).resolves.toHaveProperty('refund');
  });

  it('takes a refunded attempt back, in the window it was counted in', async () => {
    await awayFromWindowEdge(3600);
    const key = uniqueKey();
    for (let i = 0; i < 10; i++) await (await consumeRateLimit('verify', key)).refund(); // successes do not count
    for (let i = 0; i < 3; i++) await consumeRateLimit('verify', key);
    await rejection(consumeRateLimit('verify', key));
    expect(await sql('SELECT count FROM rate_limits WHERE key = $1', [`verify:${key}`])).toEqual([{ count: 4 }]);
  });

  it('withinRateLimit counts and answers, never refuses', async () => {
    await awayFromWindowEdge(3600);
    const key = uniqueKey();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await withinRateLimit('verify', key));
    expect(answers).toEqual([true, true, true, false, false]);
  });

  it('tells a short wait in seconds', async () => {
    await awayFromWindowEdge(60, 3_000);
    const key = uniqueKey();
    await consumeRateLimit('resend', key);
    const error = await rejection(consumeRateLimit('resend', key));
    expect(error.extra.retryAfter).toBeLessThanOrEqual(60);
    expect(error.message).toMatch(/in \d+ seconds\.$/);
  });

  it('lets exactly `count` of many simultaneous attempts through (atomic upsert)', async () => {
    await awayFromWindowEdge(3600);
    const key = uniqueKey();
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => consumeRateLimit('verify', key)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(9);
    for (const r of refused) expect((r.reason as ApiError).status).toBe(429);
  });

  it('prunes windows older than a day now and then', async () => {
    const old = uniqueKey();
    const recent = uniqueKey();
    await sql(`INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now() - interval '2 days', 1), ($2, now() - interval '1 hour', 1)`, [
      `verify:${old}`,
      `verify:${recent}`,
    ]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await consumeRateLimit('register', uniqueKey());
    expect(await sql('SELECT 1 FROM rate_limits WHERE key = $1', [`verify:${old}`])).toHaveLength(0);
    expect(await sql('SELECT 1 FROM rate_limits WHERE key = $1', [`verify:${recent}`])).toHaveLength(1);
  });
});

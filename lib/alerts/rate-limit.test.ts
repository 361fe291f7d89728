import { describe, expect, it } from 'vitest';
import { afterFailure, afterStatedWait, RATE_LIMIT_MAX_WAIT_MS, RATE_LIMIT_MIN_WAIT_MS, RATE_LIMITED_MAX_ATTEMPTS, statedWaitMs } from './policy.ts';
import { retryAfterSeconds } from './retry-after.ts';

// A wait the other side stated (issue 36): how Retry-After reads, and when the retry goes. The pipeline's use of it
// (the retry's time, messages to one destination in order) is lib/alerts/rate-limit.db.test.ts.

describe('Retry-After', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('reads seconds, fractional ones too, and HTTP dates from now', () => {
    expect(retryAfterSeconds('3', now)).toBe(3);
    expect(retryAfterSeconds(' 2.5 ', now)).toBe(2.5);
    expect(retryAfterSeconds(['120'], now)).toBe(120);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('is unsaid when absent or unreadable', () => {
    for (const value of [undefined, null, '', '  ', 'soon', '-5', '1e3', []]) expect(retryAfterSeconds(value, now)).toBeUndefined();
  });
});

describe('the retry after a stated wait', () => {
  const answeredAt = new Date('2026-11-28T12:00:00Z');
  const wait = (next: { nextAttemptAt: Date }) => next.nextAttemptAt.getTime() - answeredAt.getTime();
  it('is the wait itself, counted from the answer, not the backoff', () => {
    expect(afterStatedWait(answeredAt, 1, 2_500)).toEqual({ status: 'pending', nextAttemptAt: new Date(answeredAt.getTime() + 2_500) });
    expect(wait(afterFailure(answeredAt, 1))).toBe(5 * 60_000);
  });
  it('is at least a second and at most ten minutes', () => {
    expect(RATE_LIMIT_MAX_WAIT_MS).toBe(10 * 60_000);
    expect([0, 1, 999, 1_000, 60_000, 600_000, 600_001, 86_400_000, Infinity, Number.NaN].map((ms) => statedWaitMs(ms))).toEqual([
      RATE_LIMIT_MIN_WAIT_MS, RATE_LIMIT_MIN_WAIT_MS, RATE_LIMIT_MIN_WAIT_MS, 1_000, 60_000, 600_000, RATE_LIMIT_MAX_WAIT_MS, RATE_LIMIT_MAX_WAIT_MS,
      RATE_LIMIT_MAX_WAIT_MS, RATE_LIMIT_MAX_WAIT_MS,
    ]);
    expect(wait(afterStatedWait(answeredAt, 1, 86_400_000))).toBe(RATE_LIMIT_MAX_WAIT_MS);
  });
  it('gives up after RATE_LIMITED_MAX_ATTEMPTS refusals, not after the five of other failures', () => {
    expect(afterStatedWait(answeredAt, 5, 2_500).status).toBe('pending');
    expect(afterStatedWait(answeredAt, RATE_LIMITED_MAX_ATTEMPTS - 1, 2_500).status).toBe('pending');
    expect(afterStatedWait(answeredAt, RATE_LIMITED_MAX_ATTEMPTS, 2_500)).toEqual({ status: 'failed', nextAttemptAt: answeredAt });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
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

describe('the retry after a stated wait, for any answer (property)', () => {
  it('is a valid time 1 s to 10 minutes after the answer, or given up once the attempts are used', () => {
    const attemptsArb = fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, 2.5));
    const waitArb = fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: 0, max: 3_600_000 }));
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), attemptsArb, waitArb, (at, attempts, waitMs) => {
        const next = bounded(() => afterStatedWait(at, attempts, waitMs));
        ok(next.status === (attempts >= RATE_LIMITED_MAX_ATTEMPTS ? 'failed' : 'pending'), `${next.status} after ${attempts}`);
        const wait = next.nextAttemptAt.getTime() - at.getTime();
        if (next.status === 'pending') ok(wait >= RATE_LIMIT_MIN_WAIT_MS && wait <= RATE_LIMIT_MAX_WAIT_MS, `waits ${wait} ms for ${waitMs}`);
        else ok(wait === 0, 'a give-up is at once');
      }),
      { numRuns: 5_000 },
    );
  });
  it('reads any header text as a wait of 0 or more seconds, or none', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()), fc.nat().map(String)), (text) => {
        const seconds = bounded(() => retryAfterSeconds(text, Date.parse('2026-11-28T12:00:00Z')));
        ok(seconds === undefined || (Number.isFinite(seconds) && seconds >= 0), `${JSON.stringify(text)} read as ${seconds}`);
      }),
      { numRuns: 3_000 },
    );
  });
});

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import { addDays, nyDate, nyParts, nyTimeToUtc } from '../time.ts';
import { afterFailure, capDay, capDecision, DEFAULT_POLICY, digestDueAt, heldNow, isDigestDue, nextAttemptAt, wakeNow } from './policy.ts';
import { ALERT_CHANNELS, inQuietHours } from './rules.ts';

// Property-based tests of the alerts' timing rules (issue 36): any moment — DST changes included — and any count
// of attempts or e-mails end in bounded time with a retry inside the backoff's bounds, a day of 23 to 25 hours
// holding the moment, and a digest due at its hour, never in the future.

const HOUR = 3_600_000;
/** Moments: any in this century, and many within a day of a DST change (2020-2040, New York). */
const dstChanges = Array.from({ length: 21 }, (_, i) => 2020 + i).flatMap((year) => {
  const sundays = (month: number) => Array.from({ length: 14 }, (_, d) => new Date(Date.UTC(year, month, d + 1))).filter((d) => d.getUTCDay() === 0);
  return [sundays(2)[1], sundays(10)[0]].map((d) => nyTimeToUtc(d.toISOString().slice(0, 10), 2).getTime());
});
const momentArb = fc.oneof(
  fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
  fc.tuple(fc.constantFrom(...dstChanges), fc.integer({ min: -26 * 60, max: 26 * 60 })).map(([at, minutes]) => new Date(at + minutes * 60_000)),
);
const quietArb = fc.option(fc.record({ start_hour: fc.integer({ min: 0, max: 23 }), end_hour: fc.integer({ min: 0, max: 23 }) }).filter((q) => q.start_hour !== q.end_hour));

describe('retries and the daily cap', () => {
  it('retries 5 minutes to 5 × 2^10 minutes later, and gives up once the attempts are used', () => {
    const attemptsArb = fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constantFrom(Number.NaN, Infinity, -Infinity, 2.5, 2 ** 60));
    fc.assert(
      fc.property(momentArb, attemptsArb, (now, attempts) => {
        const next = bounded(() => nextAttemptAt(now, attempts));
        const wait = next.getTime() - now.getTime();
        ok(wait >= DEFAULT_POLICY.retryBaseMs && wait <= DEFAULT_POLICY.retryBaseMs * 2 ** 10, `waits ${wait} ms after attempt ${attempts}`);
        const after = afterFailure(now, attempts);
        ok(after.status === (attempts >= DEFAULT_POLICY.maxAttempts ? 'failed' : 'pending'), `${after.status} after ${attempts}`);
        ok(!Number.isNaN(after.nextAttemptAt.getTime()), 'an invalid date');
      }),
      { numRuns: 5_000 },
    );
  });

  it('sends while under the cap, the last one saying so', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), (sent, cap) => {
        const d = capDecision(sent, cap);
        ok(d.send === sent < cap, `send ${d.send} at ${sent} of ${cap}`);
        if (d.send) ok(d.last === (sent + 1 === cap), 'last');
      }),
      { numRuns: 2_000 },
    );
  });

  it("a cap day is New York's day holding the moment: 23 to 25 hours from its midnight", () => {
    fc.assert(
      fc.property(momentArb, (now) => {
        const { start, end } = bounded(() => capDay(now));
        ok(start <= now && now < end, `${now.toISOString()} outside ${start.toISOString()}..${end.toISOString()}`);
        ok([23, 24, 25].includes((end.getTime() - start.getTime()) / HOUR), 'not a day long');
        ok(nyDate(start) === nyDate(now) && nyParts(start).hour === 0 && nyParts(start).minute === 0, 'not its midnight');
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('digests and quiet hours', () => {
  it('a digest is last due at its hour today or yesterday, never after now and at most a day (and a DST hour) before', () => {
    fc.assert(
      fc.property(momentArb, fc.integer({ min: 0, max: 23 }), (now, hour) => {
        const due = bounded(() => digestDueAt(now, hour));
        ok(due <= now, `due ${due.toISOString()} after now ${now.toISOString()} (hour ${hour})`);
        ok(now.getTime() - due.getTime() < 25 * HOUR, `due ${due.toISOString()} more than a day before ${now.toISOString()}`);
        ok([nyDate(now), addDays(nyDate(now), -1)].includes(nyDate(due)), 'not today or yesterday');
        // At its hour; on the spring change, whose 02:00 the clocks skip, within an hour of it.
        const at = nyParts(due);
        const day = capDay(due);
        const skips = day.end.getTime() - day.start.getTime() === 23 * HOUR;
        ok(at.minute === 0 && (at.hour === hour || (skips && Math.abs(at.hour - hour) === 1)), `due at ${at.hour}:${at.minute} for ${hour}`);
        ok(isDigestDue(now, hour, null) && !isDigestDue(now, hour, due) && isDigestDue(now, hour, new Date(due.getTime() - 1)), 'due or not');
      }),
      { numRuns: 3_000 },
    );
  });

  it('quiet hours hold push and Discord always, e-mail when asked; a held channel does not wake', () => {
    const arb = fc.record({ now: momentArb, channel: fc.constantFrom(...ALERT_CHANNELS), quiet: quietArb, holdEmail: fc.boolean(), dueNow: fc.boolean(), forDigest: fc.boolean(), digestHour: fc.integer({ min: 0, max: 23 }), last: fc.option(momentArb) });
    fc.assert(
      fc.property(arb, ({ now, channel, quiet, holdEmail, dueNow, forDigest, digestHour, last }) => {
        const quietNow = inQuietHours(nyParts(now).hour, quiet);
        const held = heldNow(now, channel, quiet, holdEmail);
        ok(held === (quietNow && (channel !== 'email' || holdEmail)), `held ${held}`); // QUIET_HOURS_HOLD, written out
        const wake = bounded(() => wakeNow(now, channel, { quiet, holdEmail, dueNow, forDigest, digestHour, lastDigestAt: last }));
        ok(wake === (!held && (dueNow || (forDigest && isDigestDue(now, digestHour, last)))), `wake ${wake}`);
        // A quiet span holds exactly its hours: start included, end not.
        if (quiet) ok(inQuietHours(quiet.start_hour, quiet) && !inQuietHours(quiet.end_hour, quiet), 'the span');
      }),
      { numRuns: 5_000 },
    );
  });
});

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import { deliveryOnOrAfter, MAX_INTERVAL_DAYS } from '../forecast/model.ts';
import { dayNumberToYmd, isYmd, weekdayOf, ymdToDayNumber } from '../time.ts';
import { inferPattern } from './delivery-pattern.ts';

// Property-based tests of the delivery-pattern inference (issue 36): any list of days ends in bounded time with
// a weekday Monday..Friday or Random and an interval of whole weeks within bounds, and the model reads what it
// infers in bounded time too (a fortnightly store whose last delivery was off its weekday once hung the scraper).

const TODAY = ymdToDayNumber('2026-12-13');
const WORKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Delivery days of a store: the lookback's days mostly, some years away, repeats, and strings that are no date. */
const dayStringArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: TODAY - 120, max: TODAY }).map(dayNumberToYmd) },
  { weight: 1, arbitrary: fc.integer({ min: ymdToDayNumber('1900-01-01'), max: ymdToDayNumber('2999-12-31') }).map(dayNumberToYmd) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('', 'yesterday', '2026-02-30', '2026-13-01', '12/01/2026', '2026-1-5', 'constructor', '9999-99-99'), fc.string()) },
);
const daysArb = fc.array(dayStringArb, { maxLength: 40 }).chain((days) => fc.shuffledSubarray(days).map((again) => [...days, ...again]));

describe('inferPattern', () => {
  it('ends with the latest day, and from 3 days on a weekday Monday..Friday or Random and whole weeks within bounds', () => {
    fc.assert(
      fc.property(daysArb, (days) => {
        const p = bounded(() => inferPattern(days));
        const valid = [...new Set(days.filter(isYmd))].sort();
        ok(p.lastDeliveryDate === (valid.at(-1) ?? null), `last ${p.lastDeliveryDate}`);
        if (valid.length < 3) {
          ok(p.deliveryDay === null && p.deliveryIntervalDays === null, 'a pattern from fewer than 3 days');
          return;
        }
        ok(p.deliveryDay === 'Random' || WORKDAYS.includes(p.deliveryDay ?? ''), `delivery day ${p.deliveryDay}`);
        const i = p.deliveryIntervalDays;
        ok(i !== null && Number.isInteger(i) && i % 7 === 0 && i >= 7 && i <= MAX_INTERVAL_DAYS, `interval ${i}`);
        if (p.deliveryDay !== 'Random') ok(valid.filter((d) => weekdayOf(d) === p.deliveryDay).length >= 0.6 * valid.length, 'a weekday under 60% of the days');
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads the days as a set: order and repeats change nothing', () => {
    fc.assert(
      fc.property(
        daysArb.chain((days) => fc.tuple(fc.constant(days), fc.shuffledSubarray(days, { minLength: days.length }))),
        ([days, shuffled]) => {
          ok(JSON.stringify(inferPattern(days)) === JSON.stringify(inferPattern([...shuffled, ...shuffled])), 'order or repeats changed the pattern');
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('finds the weekday and the interval of a regular store', () => {
    const arb = fc.record({ weekday: fc.integer({ min: 0, max: 4 }), weeks: fc.integer({ min: 1, max: 17 }), count: fc.integer({ min: 3, max: 12 }), end: fc.integer({ min: TODAY - 3000, max: TODAY }) });
    fc.assert(
      fc.property(arb, ({ weekday, weeks, count, end }) => {
        const last = end + ((ymdToDayNumber('2026-12-14') + weekday - end) % 7 + 7) % 7; // a Monday + weekday
        const days = Array.from({ length: count }, (_, i) => dayNumberToYmd(last - i * 7 * weeks));
        const p = inferPattern(days);
        ok(p.deliveryDay === WORKDAYS[weekday] && p.deliveryIntervalDays === 7 * weeks && p.lastDeliveryDate === dayNumberToYmd(last), () => JSON.stringify(p));
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives the model a pattern it reads in bounded time: a delivery on the weekday within one interval of any day', () => {
    // Fortnightly stores with a shifted or extra delivery: the days that made deliveryOnOrAfter loop forever.
    const arb = fc.record({
      weekday: fc.integer({ min: 0, max: 4 }),
      weeks: fc.integer({ min: 1, max: 4 }),
      count: fc.integer({ min: 3, max: 10 }),
      shifts: fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 10, maxLength: 10 }),
      extra: fc.array(fc.integer({ min: TODAY - 120, max: TODAY }), { maxLength: 4 }),
      from: fc.integer({ min: TODAY - 30, max: TODAY + 30 }),
    });
    fc.assert(
      fc.property(arb, ({ weekday, weeks, count, shifts, extra, from }) => {
        const last = TODAY - ((TODAY - (ymdToDayNumber('2026-12-14') + weekday)) % 7 + 7) % 7;
        const days = [...Array.from({ length: count }, (_, i) => last - i * 7 * weeks + shifts[i]), ...extra].map(dayNumberToYmd);
        const p = inferPattern(days);
        const pattern = { storeId: 1, deliveryDay: p.deliveryDay, intervalDays: p.deliveryIntervalDays, lastDelivery: p.lastDeliveryDate === null ? null : ymdToDayNumber(p.lastDeliveryDate) };
        const d = bounded(() => deliveryOnOrAfter(pattern, from));
        if (!WORKDAYS.includes(p.deliveryDay ?? '')) return ok(d === null, `a day ${d} for ${p.deliveryDay}`);
        ok(d !== null && d >= from && d < from + (p.deliveryIntervalDays ?? 7) && weekdayOf(dayNumberToYmd(d)) === p.deliveryDay, () => `${d} from ${from} for ${JSON.stringify(p)}`);
      }),
      { numRuns: 5_000 },
    );
  });
});

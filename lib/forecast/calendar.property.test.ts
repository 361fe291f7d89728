import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, ok } from '../../testing/properties.ts';
import { nyWallClock, nyWallToUtcMs, weekdayOfDayNumber, ymdToDayNumber } from '../time.ts';
import {
  addBusinessDays,
  CHRISTMAS_DAYS,
  HOLIDAY_YEARS,
  isDayNumber,
  isStateBusinessDay,
  isStateHoliday,
  isStoreOpenDay,
  MAX_BUSINESS_DAYS,
  MAX_CLOSED_RUN,
  MAX_DAY_NUMBER,
  nextStateBusinessDay,
  stateBusinessDayOnOrAfter,
  stateHolidaysOfScheduleYear,
  storeOpenDayOnOrAfter,
  storeOpenDayOnOrBefore,
  yearOfDayNumber,
} from './calendar.ts';
import { BOARD_BUSINESS_DAYS, BOARD_HORIZON_DAYS, ONE_STORE_BUSINESS_DAYS, ONE_STORE_HORIZON_DAYS } from './model.ts';

// Property-based tests of business time (issue 37): every function ends in bounded time on any day number, with
// an answer inside the range its doc comment gives; the state's schedule holds its rules in every known year.

const FIRST = ymdToDayNumber(`${HOLIDAY_YEARS[0] - 1}-12-01`);
const LAST = ymdToDayNumber(`${HOLIDAY_YEARS[1] + 1}-01-31`);
const ymdDay = (y: number, m: number, d: number) => ymdToDayNumber(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
/** New York's DST changes: the second Sunday of March and the first Sunday of November (since 2007). */
const dstDays = (y: number) => {
  const march1 = ymdDay(y, 3, 1);
  const nov1 = ymdDay(y, 11, 1);
  return [march1 + ((7 - weekdayOfDayNumber(march1)) % 7) + 7, nov1 + ((7 - weekdayOfDayNumber(nov1)) % 7)];
};

/** Days: mostly the known years', many around a year's end or a DST change, some anywhere in the Date range. */
const yearArb = fc.integer({ min: HOLIDAY_YEARS[0], max: HOLIDAY_YEARS[1] });
const dayArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: FIRST, max: LAST }) },
  { weight: 2, arbitrary: fc.tuple(yearArb, fc.integer({ min: -15, max: 15 })).map(([y, k]) => ymdDay(y, 1, 1) + k) },
  { weight: 2, arbitrary: fc.tuple(yearArb, fc.boolean(), fc.integer({ min: -4, max: 4 })).map(([y, fall, k]) => dstDays(y)[fall ? 1 : 0] + k) },
  { weight: 1, arbitrary: fc.integer({ min: -MAX_DAY_NUMBER, max: MAX_DAY_NUMBER - 400 }) },
);
const notADay = fc.constantFrom(Number.NaN, Infinity, -Infinity, 1.5, MAX_DAY_NUMBER + 1, 2 ** 60);

describe("the state's schedule", () => {
  it('holds 12 distinct weekdays every known year: its rule days observed off weekends, three for Christmas, no Juneteenth', () => {
    for (let y = HOLIDAY_YEARS[0]; y <= HOLIDAY_YEARS[1]; y++) {
      const days = stateHolidaysOfScheduleYear(y);
      ok(days.length === 12 && new Set(days).size === 12, `${y}: ${days.length} days`);
      for (const d of days) {
        const w = weekdayOfDayNumber(d);
        ok(w >= 1 && w <= 5, `${y}: a holiday on weekday ${w}`);
        ok(yearOfDayNumber(d) === y || d === ymdDay(y - 1, 12, 31), `${y}: a holiday in ${yearOfDayNumber(d)}`);
        ok(isStateHoliday(d) && !isStateBusinessDay(d), `${y}: ${d} is not closed`);
      }
      const christmas = ymdDay(y, 12, 25);
      for (const k of CHRISTMAS_DAYS[weekdayOfDayNumber(christmas)]) ok(days.includes(christmas + k), `${y}: Christmas's ${k}`);
      const juneteenth = ymdDay(y, 6, 19);
      for (const k of [-1, 0, 1]) ok(!isStateHoliday(juneteenth + k), `${y}: Juneteenth's ${k} is a holiday`);
    }
  });

  it(`leaves at most MAX_CLOSED_RUN (${MAX_CLOSED_RUN}) days in a row without a state business day, in every known year and either side`, () => {
    let run = 0;
    let longest = 0;
    for (let d = FIRST; d <= LAST; d++) {
      run = isStateBusinessDay(d) ? 0 : run + 1;
      longest = Math.max(longest, run);
    }
    // Christmas on a Friday (or a Saturday, or a Sunday) closes Thursday (Friday) to Monday (Tuesday).
    expect(longest).toBe(MAX_CLOSED_RUN);
  });

  it("a one-store window's fifth business day is at most ONE_STORE_HORIZON_DAYS after any day of the known years", () => {
    let longest = 0;
    for (let d = FIRST; d <= LAST; d++) longest = Math.max(longest, addBusinessDays(d, ONE_STORE_BUSINESS_DAYS[1]) - d);
    expect(longest).toBe(ONE_STORE_HORIZON_DAYS);
  });

  it("a board's window's seventh business day is at most BOARD_HORIZON_DAYS after any day of the known years", () => {
    let longest = 0;
    for (let d = FIRST; d <= LAST; d++) longest = Math.max(longest, addBusinessDays(d, BOARD_BUSINESS_DAYS) - d);
    expect(longest).toBe(BOARD_HORIZON_DAYS);
  });
});

describe('business days and store days on any day', () => {
  it('a year is what Date says it is, and a store is open on a day New York calls Monday..Saturday, across DST changes', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom(0, 1, 12, 23), (day, hour) => {
        ok(yearOfDayNumber(day) === new Date(day * 86_400_000).getUTCFullYear(), `year of ${day}`);
        if (day < FIRST - 40_000 || day > LAST + 40_000) return; // Intl's far past (BC years) and future: the weekday is arithmetic.
        const wall = nyWallClock(nyWallToUtcMs(day, hour, 30));
        ok(wall.dayNumber === day, `${day} ${hour}:30 is New York's ${wall.dayNumber}`);
        ok(isStoreOpenDay(day) === (wall.weekday !== 0), `${day} (weekday ${wall.weekday}) open: ${isStoreOpenDay(day)}`);
        ok(!isStateBusinessDay(day) || (wall.weekday >= 1 && wall.weekday <= 5), `a business day on weekday ${wall.weekday}`);
      }),
      { numRuns: 10_000 },
    );
  });

  it('the next business day is the first one, within MAX_CLOSED_RUN + 1 days', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const on = bounded(() => stateBusinessDayOnOrAfter(day));
        const next = bounded(() => nextStateBusinessDay(day));
        ok(on >= day && on <= day + MAX_CLOSED_RUN && isStateBusinessDay(on), `on or after ${day}: ${on}`);
        ok(next > day && next <= day + MAX_CLOSED_RUN + 1 && isStateBusinessDay(next), `after ${day}: ${next}`);
        for (let d = day; d < on; d++) ok(!isStateBusinessDay(d), `${d} is a business day before ${on}`);
        for (let d = day + 1; d < next; d++) ok(!isStateBusinessDay(d), `${d} is a business day before ${next}`);
        ok(isStateBusinessDay(day) === (on === day), `${day} itself`);
      }),
      { numRuns: 10_000 },
    );
  });

  it('n business days on is the n-th business day after, non-decreasing in the day and in n (increasing from 1), within n × (MAX_CLOSED_RUN + 1) + MAX_CLOSED_RUN days', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: MAX_BUSINESS_DAYS }), fc.integer({ min: 1, max: 10 }), (day, n, k) => {
        const d = bounded(() => addBusinessDays(day, n));
        ok(isStateBusinessDay(d) && d >= day && d <= day + n * (MAX_CLOSED_RUN + 1) + MAX_CLOSED_RUN, `${n} from ${day}: ${d}`);
        if (n === 0) ok(d === stateBusinessDayOnOrAfter(day), `0 from ${day}: ${d}`);
        else {
          let count = 0;
          for (let x = day + 1; x <= d; x++) if (isStateBusinessDay(x)) count++;
          ok(count === n, `${count} business days in (${day}, ${d}], not ${n}`);
        }
        // n = 0 and n = 1 agree on a closed day (Saturday's first business day on or after and after it: Monday).
        if (n < MAX_BUSINESS_DAYS) ok(n === 0 ? addBusinessDays(day, 1) >= d : addBusinessDays(day, n + 1) > d, 'not increasing in n');
        ok(addBusinessDays(day + k, n) >= d, 'decreasing in the day');
      }),
      { numRuns: 5_000 },
    );
  });

  it('a store day on or after (before) is the day itself unless a Sunday, then Monday (Saturday)', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const [after, before] = [storeOpenDayOnOrAfter(day), storeOpenDayOnOrBefore(day)];
        ok(isStoreOpenDay(after) || !isDayNumber(after), `${after}`);
        ok(isStoreOpenDay(before) || !isDayNumber(before), `${before}`);
        ok(isStoreOpenDay(day) ? after === day && before === day : after === day + 1 && before === day - 1, `${day}: ${before}..${after}`);
      }),
      { numRuns: 10_000 },
    );
  });

  it('answers false for what is not a day number, and refuses it (or a bad count) at once', () => {
    fc.assert(
      fc.property(notADay, fc.oneof(fc.integer({ min: -100, max: -1 }), fc.integer({ min: MAX_BUSINESS_DAYS + 1, max: 1e9 }), fc.double()), (bad, n) => {
        ok(!isStateBusinessDay(bad) && !isStoreOpenDay(bad) && !isStateHoliday(bad), `${bad} is a day`);
        for (const f of [stateBusinessDayOnOrAfter, nextStateBusinessDay, storeOpenDayOnOrAfter, storeOpenDayOnOrBefore, (d: number) => addBusinessDays(d, 1)]) expect(() => f(bad)).toThrow(RangeError);
        if (!(Number.isInteger(n) && n >= 0 && n <= MAX_BUSINESS_DAYS)) expect(() => addBusinessDays(0, n)).toThrow(RangeError);
      }),
      { numRuns: 500 },
    );
  });
});

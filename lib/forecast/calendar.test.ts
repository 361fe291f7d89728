import { describe, expect, it } from 'vitest';
import { dayNumberToYmd, ymdToDayNumber } from '../time.ts';
import {
  addBusinessDays,
  isStateBusinessDay,
  isStateHoliday,
  isStoreOpenDay,
  nextStateBusinessDay,
  stateBusinessDayOnOrAfter,
  stateHolidaysOfScheduleYear,
  storeOpenDayOnOrAfter,
  storeOpenDayOnOrBefore,
} from './calendar.ts';

// The state's holidays as the schedule gives them (docs/decisions/031-business-time.md); the property tests
// (calendar.property.test.ts) check the rules over every year, these pin the days.
const day = ymdToDayNumber;
const ymds = (days: number[]) => days.map(dayNumberToYmd);

describe('NC state holidays', () => {
  it('are the 12 days of the schedule, a Saturday one on the Friday before and a Sunday one on the Monday after', () => {
    expect(ymds(stateHolidaysOfScheduleYear(2025))).toEqual([
      '2025-01-01', '2025-01-20', '2025-04-18', '2025-05-26', '2025-07-04', '2025-09-01',
      '2025-11-11', '2025-11-27', '2025-11-28', '2025-12-24', '2025-12-25', '2025-12-26',
    ]);
    // Independence Day on a Saturday: Friday 7/3. Christmas on a Friday: Thursday, Friday and the Monday after.
    expect(ymds(stateHolidaysOfScheduleYear(2026))).toEqual([
      '2026-01-01', '2026-01-19', '2026-04-03', '2026-05-25', '2026-07-03', '2026-09-07',
      '2026-11-11', '2026-11-26', '2026-11-27', '2026-12-24', '2026-12-25', '2026-12-28',
    ]);
    // 2028: New Year's Day on a Saturday is Friday 12/31/2027; Veterans Day on a Saturday Friday 11/10;
    // Christmas on a Monday: Dec 25–27 (as in 2023), not the Friday before as date-holidays has it.
    expect(ymds(stateHolidaysOfScheduleYear(2028))).toEqual([
      '2027-12-31', '2028-01-17', '2028-04-14', '2028-05-29', '2028-07-04', '2028-09-04',
      '2028-11-10', '2028-11-23', '2028-11-24', '2028-12-25', '2028-12-26', '2028-12-27',
    ]);
    // Christmas on a Sunday (2022): Friday 23, Monday 26, Tuesday 27; on a Saturday (2027): Thu 23, Fri 24, Mon 27.
    expect(ymds(stateHolidaysOfScheduleYear(2022)).slice(-3)).toEqual(['2022-12-23', '2022-12-26', '2022-12-27']);
    expect(ymds(stateHolidaysOfScheduleYear(2027)).slice(-3)).toEqual(['2027-12-23', '2027-12-24', '2027-12-27']);
  });

  it('leave out Juneteenth (a federal holiday, not a state one) and know nothing outside their years', () => {
    expect(isStateHoliday(day('2026-06-19'))).toBe(false);
    expect(isStateBusinessDay(day('2026-06-19'))).toBe(true);
    expect(stateHolidaysOfScheduleYear(1999)).toEqual([]);
    expect(stateHolidaysOfScheduleYear(2200)).toEqual([]);
    expect(isStateBusinessDay(day('2300-12-25'))).toBe(true); // a Monday, with no known schedule
    // A Saturday New Year's Day of the first known year is observed in the year before it.
    expect(isStateHoliday(day('1999-12-31'))).toBe(true);
  });
});

describe('business days and store days', () => {
  it("count the state's trucks on Monday..Friday, holidays off, and stores open Monday..Saturday", () => {
    const saturday = day('2026-11-28');
    expect([isStoreOpenDay(saturday), isStoreOpenDay(saturday + 1), isStateBusinessDay(saturday)]).toEqual([true, false, false]);
    expect(nextStateBusinessDay(saturday)).toBe(day('2026-11-30'));
    expect(stateBusinessDayOnOrAfter(day('2026-11-26'))).toBe(day('2026-11-30'));
    expect(stateBusinessDayOnOrAfter(day('2026-11-30'))).toBe(day('2026-11-30'));
    expect(addBusinessDays(day('2026-11-25'), 1)).toBe(day('2026-11-30'));
    expect(addBusinessDays(day('2026-11-25'), 0)).toBe(day('2026-11-25'));
    // Christmas 2020 on a Friday: Thursday 24 to Monday 28 closed, then New Year's Day.
    expect(ymds([1, 2, 3, 4, 5].map((n) => addBusinessDays(day('2020-12-23'), n)))).toEqual(['2020-12-29', '2020-12-30', '2020-12-31', '2021-01-04', '2021-01-05']);
    expect([storeOpenDayOnOrAfter(saturday + 1), storeOpenDayOnOrBefore(saturday + 1), storeOpenDayOnOrAfter(saturday)]).toEqual([saturday + 2, saturday, saturday]);
  });

  it('refuse what is not a day number, or a count of business days out of range, at once', () => {
    for (const bad of [Number.NaN, Infinity, 1.5, 2 ** 60]) {
      expect(isStateBusinessDay(bad)).toBe(false);
      expect(isStoreOpenDay(bad)).toBe(false);
      expect(() => nextStateBusinessDay(bad)).toThrow(RangeError);
      expect(() => addBusinessDays(bad, 1)).toThrow(RangeError);
      expect(() => storeOpenDayOnOrAfter(bad)).toThrow(RangeError);
    }
    for (const n of [-1, 0.5, 61, Number.NaN]) expect(() => addBusinessDays(day('2026-11-28'), n)).toThrow(RangeError);
  });
});

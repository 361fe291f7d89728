import { describe, expect, it } from 'vitest';
import { ymdToDayNumber, dayNumberToYmd } from '../lib/time.ts';
import { holidaysOf, isTruckHoliday, truckDays, WAKE_DEMO_DELIVERIES } from './delivery-patterns.ts';

const day = ymdToDayNumber;

describe("the demo's delivery patterns", () => {
  it('are for the 27 retail stores: weekly, fortnightly, Random, twice a week and shifted ones', () => {
    const all = Object.entries(WAKE_DEMO_DELIVERIES);
    expect(all.map(([n]) => Number(n))).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(all.filter(([, p]) => p.intervalDays === 14).map(([n]) => Number(n))).toEqual([2, 22, 25]);
    expect(all.filter(([, p]) => p.deliveryDay === 'Random').map(([n]) => Number(n))).toEqual([10, 18, 27]);
    expect(all.filter(([, p]) => p.alsoOn).map(([n]) => Number(n))).toEqual([20, 26]);
    expect(all.filter(([, p]) => p.shifted).map(([n]) => Number(n))).toEqual([2, 3, 17]);
  });

  it("know the trucks' holidays, a weekend one observed on the Friday before or the Monday after", () => {
    const names = (year: number) => [...holidaysOf(year)].sort((a, b) => a - b).map(dayNumberToYmd);
    expect(names(2026)).toEqual([
      '2026-01-01', '2026-01-19', '2026-05-25', '2026-07-03', '2026-09-07', '2026-11-11', '2026-11-26', '2026-11-27', '2026-12-25',
    ]);
    expect(names(2027)).toEqual([
      '2027-01-01', '2027-01-18', '2027-05-31', '2027-07-05', '2027-09-06', '2027-11-11', '2027-11-25', '2027-11-26', '2027-12-24',
    ]);
    // 1 January 2028 is a Saturday: observed on Friday 31 December 2027.
    expect(isTruckHoliday(day('2027-12-31'))).toBe(true);
    expect(isTruckHoliday(day('2027-12-30'))).toBe(false);
  });

  it("move a shifted truck off a holiday to the next free working day of the week, else the one before; others keep theirs", () => {
    const mondayOf = (ymd: string) => day(ymd) - ((day(ymd) + 3) % 7);
    // Labor Day 2026 (Monday 7 September): a Monday truck comes on Tuesday, a day off on Wednesday.
    expect(truckDays([1], mondayOf('2026-09-07'), true, false)).toEqual([2]);
    expect(truckDays([1], mondayOf('2026-09-07'), true, true)).toEqual([2]);
    expect(truckDays([1], mondayOf('2026-09-07'), false, true)).toEqual([1]);
    // Thanksgiving week 2026: Thursday and Friday off, a Friday truck comes on Wednesday.
    expect(truckDays([5], mondayOf('2026-11-23'), true, false)).toEqual([3]);
    // A twice-weekly truck whose shifted day lands on its other one takes the next free day.
    expect(truckDays([1, 2], mondayOf('2026-09-07'), true, false)).toEqual([2, 3]);
    // An ordinary week: the usual days, or each a day later (Friday a day earlier) in a week off.
    expect(truckDays([2, 5], mondayOf('2026-10-12'), true, false)).toEqual([2, 5]);
    expect(truckDays([2, 5], mondayOf('2026-10-12'), true, true)).toEqual([3, 4]);
  });

});

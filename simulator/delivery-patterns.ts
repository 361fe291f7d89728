// The demo's delivery patterns: on which weekday(s) each of Wake's retail stores gets its truck, how often, and
// whether the truck's day moves. Nobody publishes Wake's truck schedule, so these are invented for the demo: the
// simulator's world delivers by them (simulator/dataset.ts, shelves.ts), the demo seed generates its
// history by them and writes them into a demo database's stores (demo/index.ts). They are not reference
// data: a deployment starts with no delivery day or interval and learns both from its own observations
// (lib/ingest/delivery-pattern.ts; docs/decisions/030-delivery-patterns-are-learned.md).
//
// Most stores get a truck weekly on one weekday; three every 14 days; three on a "Random" weekday (a seeded one each
// week); two twice a week; three on shifted days — a delivery that falls on a holiday comes on the next working
// day, and some weeks (SHIFTED_WEEK_SHARE) the truck comes a day later than usual (a Friday truck a day earlier).
// Zebulon is fortnightly and shifted: a 14-day store whose last delivery may fall on another weekday than its usual.

export type DeliveryWeekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday';

export interface DemoDeliveryPattern {
  /**
   * The usual weekday, or Random (another weekday each week). What the demo's stores table shows: it has room for
   * one weekday, so a twice-weekly store shows this one.
   */
  deliveryDay: DeliveryWeekday | 'Random';
  /** 7, or 14 (every other week, on a phase of the store's own). */
  intervalDays: 7 | 14;
  /** A twice-weekly store: the truck's other weekday, every week. */
  alsoOn?: DeliveryWeekday;
  /** The truck's day moves: a holiday's delivery comes the next working day; some weeks it comes a day off its usual one. */
  shifted?: boolean;
}

/** Wake's 27 retail stores by store number (the mixed-beverage outlet, 28, gets no delivery on a shelf). */
export const WAKE_DEMO_DELIVERIES: Readonly<Record<number, DemoDeliveryPattern>> = {
  1: { deliveryDay: 'Monday', intervalDays: 7 },
  2: { deliveryDay: 'Tuesday', intervalDays: 14, shifted: true },
  3: { deliveryDay: 'Monday', intervalDays: 7, shifted: true },
  4: { deliveryDay: 'Tuesday', intervalDays: 7 },
  5: { deliveryDay: 'Friday', intervalDays: 7 },
  6: { deliveryDay: 'Tuesday', intervalDays: 7 },
  7: { deliveryDay: 'Tuesday', intervalDays: 7 },
  8: { deliveryDay: 'Wednesday', intervalDays: 7 },
  9: { deliveryDay: 'Thursday', intervalDays: 7 },
  10: { deliveryDay: 'Random', intervalDays: 7 },
  11: { deliveryDay: 'Monday', intervalDays: 7 },
  12: { deliveryDay: 'Tuesday', intervalDays: 7 },
  13: { deliveryDay: 'Wednesday', intervalDays: 7 },
  14: { deliveryDay: 'Thursday', intervalDays: 7 },
  15: { deliveryDay: 'Wednesday', intervalDays: 7 },
  16: { deliveryDay: 'Thursday', intervalDays: 7 },
  17: { deliveryDay: 'Friday', intervalDays: 7, shifted: true },
  18: { deliveryDay: 'Random', intervalDays: 7 },
  19: { deliveryDay: 'Friday', intervalDays: 7 },
  20: { deliveryDay: 'Friday', intervalDays: 7, alsoOn: 'Tuesday' },
  21: { deliveryDay: 'Monday', intervalDays: 7 },
  22: { deliveryDay: 'Wednesday', intervalDays: 14 },
  23: { deliveryDay: 'Tuesday', intervalDays: 7 },
  24: { deliveryDay: 'Wednesday', intervalDays: 7 },
  25: { deliveryDay: 'Thursday', intervalDays: 14 },
  26: { deliveryDay: 'Thursday', intervalDays: 7, alsoOn: 'Monday' },
  27: { deliveryDay: 'Random', intervalDays: 7 },
};

/** Share of weeks in which a shifted store's truck comes a day off its usual weekday. */
export const SHIFTED_WEEK_SHARE = 0.15;

const DAY_MS = 86_400_000;
/** 1 = Monday .. 5 = Friday. */
export const WEEKDAY_NUMBER: Readonly<Record<DeliveryWeekday, number>> = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5 };

const dayNumberOf = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;
/** 0 = Sunday .. 6 = Saturday (1970-01-01, day 0, was a Thursday). */
const weekdayOfDay = (dayNumber: number) => (((dayNumber + 4) % 7) + 7) % 7;

/** The n-th (1-based; -1 = last) given weekday of a month, as a day number. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n < 0) {
    const last = dayNumberOf(year, month + 1, 0);
    return last - ((weekdayOfDay(last) - weekday + 7) % 7);
  }
  const first = dayNumberOf(year, month, 1);
  return first + ((weekday - weekdayOfDay(first) + 7) % 7) + 7 * (n - 1);
}

/** A fixed-date holiday on a weekend is observed on the Friday before (Saturday) or the Monday after (Sunday). */
function observed(dayNumber: number): number {
  const wd = weekdayOfDay(dayNumber);
  return wd === 6 ? dayNumber - 1 : wd === 0 ? dayNumber + 1 : dayNumber;
}

const holidayCache = new Map<number, ReadonlySet<number>>();

/**
 * The weekdays of a year on which the state's warehouse sends no trucks (the demo's calendar, after North
 * Carolina's state holidays): New Year's Day, Martin Luther King Jr. Day, Memorial Day, Independence Day, Labor
 * Day, Veterans Day, Thanksgiving and the Friday after, Christmas Day.
 */
export function holidaysOf(year: number): ReadonlySet<number> {
  let days = holidayCache.get(year);
  if (!days) {
    days = new Set([
      observed(dayNumberOf(year, 1, 1)),
      nthWeekday(year, 1, 1, 3),
      nthWeekday(year, 5, 1, -1),
      observed(dayNumberOf(year, 7, 4)),
      nthWeekday(year, 9, 1, 1),
      observed(dayNumberOf(year, 11, 11)),
      nthWeekday(year, 11, 4, 4),
      nthWeekday(year, 11, 4, 4) + 1,
      observed(dayNumberOf(year, 12, 25)),
    ]);
    holidayCache.set(year, days);
  }
  return days;
}

/** Whether a day (a day number) is one of the demo's truck holidays. */
export function isTruckHoliday(dayNumber: number): boolean {
  const year = new Date(dayNumber * DAY_MS).getUTCFullYear();
  // 1 January of the next year may be observed on 31 December.
  return holidaysOf(year).has(dayNumber) || holidaysOf(year + 1).has(dayNumber);
}

/**
 * The weekdays (1 = Monday .. 5 = Friday) a store's truck comes in the week starting on `monday` (a day number),
 * from its usual ones. A shifted store's truck comes a day later in a shifted week (`offWeek`; a Friday truck a
 * day earlier), and a day that is a holiday moves to the next working day of the week not already taken, else
 * the previous one (a store whose every weekday is taken or a holiday gets none that week). Another store's truck
 * keeps its days, holidays included.
 */
export function truckDays(usual: readonly number[], monday: number, shifted: boolean, offWeek: boolean): number[] {
  if (!shifted) return [...usual];
  const out: number[] = [];
  const free = (wd: number) => wd >= 1 && wd <= 5 && !out.includes(wd) && !isTruckHoliday(monday + wd - 1);
  for (const day of usual) {
    const wanted = offWeek ? (day === 5 ? 4 : day + 1) : day;
    let wd = wanted;
    if (!free(wd)) {
      wd = -1;
      for (let k = wanted + 1; k <= 5 && wd < 0; k++) if (free(k)) wd = k;
      for (let k = wanted - 1; k >= 1 && wd < 0; k--) if (free(k)) wd = k;
    }
    if (wd > 0) out.push(wd);
  }
  return out.sort((a, b) => a - b);
}

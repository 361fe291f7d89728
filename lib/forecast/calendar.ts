// Business time (issue 37, docs/decisions/031-business-time.md): the days on which the state's trucks run and the
// days on which an ABC store is open, on the model's day numbers (New York calendar days, lib/time.ts
// ymdToDayNumber). Pure; the holidays of a year are computed once and kept.
//
// - A state business day is Monday..Friday and not an NC state holiday: the 12 paid holidays of the State Human
//   Resources Commission's schedule (G.S. 126-4, published by the Office of State Human Resources): New Year's
//   Day, Martin Luther King Jr. Day, Good Friday, Memorial Day, Independence Day, Labor Day, Veterans Day,
//   Thanksgiving and the day after, and three days for Christmas. Juneteenth is a federal holiday, not a state
//   one (date-holidays lists it among US-NC's public days: left out). The dates of the rule-based days (Good
//   Friday from Easter, the nth Mondays and Thursdays) come from date-holidays; a day falling on a Saturday is
//   observed the Friday before, on a Sunday the Monday after (the schedule's practice). The three Christmas days
//   depend on the weekday of December 25 (CHRISTMAS_DAYS), which date-holidays does not know: it gives two days
//   and puts a Monday Christmas's Eve on the Friday before, where the state took Dec 25–27.
// - A store is open Monday..Saturday, never on Sunday (NC ABC stores do not open on Sundays). The boards' own
//   trucks (shelf boards' deliveries) keep each store's weekday and may run on a state holiday; the state's
//   trucks (a one-store board's delivery) run on state business days only.
// - Outside HOLIDAY_YEARS there are no holidays: a business day there is any Monday..Friday.
//
// Every function is total on day numbers and bounded by construction: between two state business days there are
// at most MAX_CLOSED_RUN days that are not one (Christmas on a Friday: Thu 24, Fri 25, the weekend, Mon 28), so
// every search steps at most MAX_CLOSED_RUN + 1 days, and addBusinessDays takes n <= MAX_BUSINESS_DAYS steps.
import Holidays from 'date-holidays';
import { weekdayOfDayNumber, ymdToDayNumber } from '../time.ts';

/** Day numbers are whole days inside JavaScript's Date range (±100,000,000 days around 1970-01-01). */
export const MAX_DAY_NUMBER = 100_000_000;
/** The years whose state holidays are known; outside them only weekends close. */
export const HOLIDAY_YEARS = [2000, 2199] as const;
/** The most days in a row that are not state business days (weekends and holidays together). */
export const MAX_CLOSED_RUN = 5;
/** The largest n addBusinessDays takes (a caller asking for more has a bug). */
export const MAX_BUSINESS_DAYS = 60;

const SATURDAY = 6;
const SUNDAY = 0;

/**
 * The state's three Christmas days by the weekday of December 25 (0 = Sunday), as offsets from it: Tuesday to
 * Thursday Dec 24–26; Monday Dec 25–27; Friday Dec 24, 25 and Monday 28; Saturday Friday 23, 24 and Monday 27;
 * Sunday Friday 23, Monday 26 and Tuesday 27. Always three weekdays.
 */
export const CHRISTMAS_DAYS: readonly (readonly [number, number, number])[] = [
  [-2, 1, 2], // Sunday
  [0, 1, 2], // Monday
  [-1, 0, 1], // Tuesday
  [-1, 0, 1], // Wednesday
  [-1, 0, 1], // Thursday
  [-1, 0, 3], // Friday
  [-2, -1, 2], // Saturday
];

/**
 * The state's holidays other than Christmas, as date-holidays' rules for US-NC (its keys, the same in every
 * language; its names are not: "Labor Day" in en-us, "Labour Day" in en). calendar.property.test.ts pins the days
 * they give, so a library update that renames a rule fails there, not silently.
 */
const STATE_HOLIDAY_RULES = new Set([
  '01-01 and if sunday then next monday if saturday then previous friday', // New Year's Day
  '3rd monday in January', // Martin Luther King Jr. Day
  'easter -2', // Good Friday
  'monday before 06-01', // Memorial Day
  '07-04 and if sunday then next monday if saturday then previous friday', // Independence Day
  '1st monday in September', // Labor Day
  '11-11', // Veterans Day
  '4th thursday in November', // Thanksgiving Day
  'friday after 4th thursday in November', // the day after
]);

/** Whether `n` is a day number: a whole day inside the Date range (NaN, Infinity and 1.5 are not). */
export function isDayNumber(n: number): boolean {
  return Number.isSafeInteger(n) && Math.abs(n) <= MAX_DAY_NUMBER;
}

function requireDay(name: string, day: number): void {
  // Guard: a NaN day has no weekday and every comparison with it is false; say whose bug it is.
  if (!isDayNumber(day)) throw new RangeError(`${name}: ${day} is not a day number`);
}

/**
 * The calendar year of a day number (proleptic Gregorian, as Date's getUTCFullYear): integer arithmetic only
 * (H. Hinnant's civil_from_days), since the model asks it for every day it looks at.
 */
export function yearOfDayNumber(day: number): number {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);
}

let library: Holidays | undefined;
/** Observed holiday day numbers per calendar year of the observed day (at most HOLIDAY_YEARS' span + 1 entries). */
const byYear = new Map<number, ReadonlySet<number>>();

/** Saturday to the Friday before, Sunday to the Monday after. */
function observed(day: number): number {
  const w = weekdayOfDayNumber(day);
  return w === SATURDAY ? day - 1 : w === SUNDAY ? day + 1 : day;
}

/**
 * The state's 12 holidays of schedule year `year` (its New Year's Day, which a Saturday puts on the Friday
 * before, in the year before), as day numbers on Monday..Friday, ascending. [] outside HOLIDAY_YEARS.
 */
export function stateHolidaysOfScheduleYear(year: number): number[] {
  if (!Number.isSafeInteger(year) || year < HOLIDAY_YEARS[0] || year > HOLIDAY_YEARS[1]) return [];
  library ??= new Holidays('US', 'NC', { types: ['public'] });
  const days = new Set<number>();
  for (const h of library.getHolidays(year)) {
    // The library's substitutes are left out: the observance rule below decides (it covers Veterans Day too,
    // whose substitute the library types 'bank'). Juneteenth and the library's Christmas days are not kept.
    if (h.substitute || !STATE_HOLIDAY_RULES.has(h.rule)) continue;
    days.add(observed(ymdToDayNumber(h.date.slice(0, 10))));
  }
  const christmas = ymdToDayNumber(`${String(year).padStart(4, '0')}-12-25`);
  for (const offset of CHRISTMAS_DAYS[weekdayOfDayNumber(christmas)]) days.add(christmas + offset);
  return [...days].sort((a, b) => a - b);
}

/** The observed state holidays falling in calendar year `year` (a schedule year's New Year's Day may fall in the one before). */
function holidaysInYear(year: number): ReadonlySet<number> {
  const kept = byYear.get(year);
  if (kept) return kept;
  const set = new Set<number>();
  // Only years inside HOLIDAY_YEARS (and the one before, for a Saturday New Year's Day) reach the library; the
  // map holds at most HOLIDAY_YEARS' span + 1 sets, and the empty set is shared, not stored.
  if (year < HOLIDAY_YEARS[0] - 1 || year > HOLIDAY_YEARS[1]) return EMPTY;
  for (const y of [year, year + 1]) for (const d of stateHolidaysOfScheduleYear(y)) if (yearOfDayNumber(d) === year) set.add(d);
  byYear.set(year, set);
  return set;
}
const EMPTY: ReadonlySet<number> = new Set();

/** Whether a day is an NC state holiday (observed, so always Monday..Friday). False for anything not a day number. */
export function isStateHoliday(day: number): boolean {
  return isDayNumber(day) && holidaysInYear(yearOfDayNumber(day)).has(day);
}

/** Whether the state's offices and trucks work that day: Monday..Friday and not a state holiday. False for anything not a day number. */
export function isStateBusinessDay(day: number): boolean {
  if (!isDayNumber(day)) return false;
  const w = weekdayOfDayNumber(day);
  return w !== SATURDAY && w !== SUNDAY && !isStateHoliday(day);
}

/** Whether an ABC store is open that day: Monday..Saturday. False for anything not a day number. */
export function isStoreOpenDay(day: number): boolean {
  return isDayNumber(day) && weekdayOfDayNumber(day) !== SUNDAY;
}

/**
 * The first state business day on or after `day`.
 *
 * Range: d with day <= d <= day + MAX_CLOSED_RUN, isStateBusinessDay(d) (d may pass MAX_DAY_NUMBER by that much
 * at the very end of the range). Throws a RangeError when `day` is not a day number.
 */
export function stateBusinessDayOnOrAfter(day: number): number {
  requireDay('stateBusinessDayOnOrAfter', day);
  for (let d = day; d < day + MAX_CLOSED_RUN; d++) if (isStateBusinessDay(d)) return d;
  // No run of closed days is longer (calendar.property.test.ts checks every year of HOLIDAY_YEARS): this one is.
  return day + MAX_CLOSED_RUN;
}

/** The first state business day after `day` (the state's next truck day). Range: day < d <= day + MAX_CLOSED_RUN + 1. */
export function nextStateBusinessDay(day: number): number {
  requireDay('nextStateBusinessDay', day);
  return stateBusinessDayOnOrAfter(day + 1);
}

/**
 * The n-th state business day after `day` (n = 0: the first on or after it; n = 1: nextStateBusinessDay).
 *
 * Range: day <= d <= day + n × (MAX_CLOSED_RUN + 1) + MAX_CLOSED_RUN, a state business day, non-decreasing in
 * `day` and in n, increasing in n from 1 (0 and 1 agree on a closed day). Throws a RangeError when `day` is not a
 * day number or n is not a whole number in 0..MAX_BUSINESS_DAYS. At most n + 1 searches of MAX_CLOSED_RUN + 1 days.
 */
export function addBusinessDays(day: number, n: number): number {
  requireDay('addBusinessDays', day);
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_BUSINESS_DAYS) throw new RangeError(`addBusinessDays: ${n} is not a whole number of business days in 0..${MAX_BUSINESS_DAYS}`);
  let d = n === 0 ? stateBusinessDayOnOrAfter(day) : day;
  for (let i = 0; i < n; i++) d = stateBusinessDayOnOrAfter(d + 1);
  return d;
}

/** The first day on or after `day` an ABC store is open (Sunday moves to Monday). Range: day or day + 1. Throws a RangeError on a non-day-number. */
export function storeOpenDayOnOrAfter(day: number): number {
  requireDay('storeOpenDayOnOrAfter', day);
  return weekdayOfDayNumber(day) === SUNDAY ? day + 1 : day;
}

/** The last day on or before `day` an ABC store is open (Sunday moves to Saturday). Range: day or day − 1. Throws a RangeError on a non-day-number. */
export function storeOpenDayOnOrBefore(day: number): number {
  requireDay('storeOpenDayOnOrBefore', day);
  return weekdayOfDayNumber(day) === SUNDAY ? day - 1 : day;
}

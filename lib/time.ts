// Dates are stored in UTC; "today" and every day boundary are New York's. These helpers are the one
// place that knows how to turn instants into New York calendar dates and back (DST-safe, via Intl).

export const NY_TZ = 'America/New_York';

export const DAY_MS = 86_400_000;

// The one Intl formatter that knows New York's offsets (DST included). Everything else is arithmetic.
const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: NY_TZ,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface NyWallClock {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Whole civil days since 1970-01-01 of the New York date: date arithmetic becomes integer math. */
  dayNumber: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

/** What New York's clocks show at an instant (epoch milliseconds). */
export function nyWallClock(ms: number): NyWallClock {
  const p: Record<string, number> = {};
  for (const part of wallFormat.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const dayNumber = Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
  return {
    year: p.year,
    month: p.month,
    day: p.day,
    hour: p.hour === 24 ? 0 : p.hour,
    minute: p.minute,
    second: p.second,
    dayNumber,
    weekday: weekdayOfDayNumber(dayNumber),
  };
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** Minutes New York is ahead of UTC at that instant (-300 in winter, -240 in summer). */
function offsetMinutes(ms: number): number {
  const w = nyWallClock(ms);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The instant (epoch ms) at which New York's clocks show that day number and time. */
export function nyWallToUtcMs(dayNumber: number, hour = 0, minute = 0, second = 0): number {
  const wall = dayNumber * DAY_MS + ((hour * 60 + minute) * 60 + second) * 1000;
  // The offset at the guess, then at the corrected instant: right on both sides of a DST change.
  const first = wall - offsetMinutes(wall) * 60_000;
  return wall - offsetMinutes(first) * 60_000;
}

export const dayNumberToYmd = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
export const ymdToDayNumber = (ymd: string) => Date.parse(`${ymd}T00:00:00Z`) / DAY_MS;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The New York calendar date of an instant, as YYYY-MM-DD. */
export function nyDate(at: Date = new Date()): string {
  return dayNumberToYmd(nyWallClock(at.getTime()).dayNumber);
}

/** New York wall-clock fields of an instant, with the weekday's name. */
export function nyParts(at: Date) {
  const w = nyWallClock(at.getTime());
  return { ...w, weekday: WEEKDAYS[w.weekday] };
}

/** The UTC instant of a New York wall-clock time (handles the DST offset of that day). */
export function nyTimeToUtc(ymd: string, hour = 0, minute = 0, second = 0): Date {
  return new Date(nyWallToUtcMs(ymdToDayNumber(ymd), hour, minute, second));
}

/** Midnight-to-midnight bounds of a New York date, as UTC instants [start, end). */
export function nyDayRange(ymd: string): { start: Date; end: Date } {
  return { start: nyTimeToUtc(ymd, 0), end: nyTimeToUtc(addDays(ymd, 1), 0) };
}

export function addDays(ymd: string, days: number): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

export function weekdayOf(ymd: string): string {
  return WEEKDAYS[weekdayOfDayNumber(ymdToDayNumber(ymd))];
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isYmd(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** MM/DD/YYYY, the product's display format. */
export function formatUsDate(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${m}/${d}/${y}`;
}

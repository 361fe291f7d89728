// Dates are stored in UTC; "today" and every day boundary are New York's. These helpers are the one
// place that knows how to turn instants into New York calendar dates and back (DST-safe, via Intl).

export const NY_TZ = 'America/New_York';

const ymdFormat = new Intl.DateTimeFormat('en-CA', { timeZone: NY_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: NY_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  weekday: 'long',
});

/** The New York calendar date of an instant, as YYYY-MM-DD. */
export function nyDate(at: Date = new Date()): string {
  return ymdFormat.format(at);
}

export function nyParts(at: Date) {
  const parts = Object.fromEntries(partsFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: parts.weekday as string,
  };
}

/** The UTC instant of a New York wall-clock time (handles the DST offset of that day). */
export function nyTimeToUtc(ymd: string, hour = 0, minute = 0, second = 0): Date {
  const [y, m, d] = ymd.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, hour, minute, second);
  // The offset at the guessed instant; a second pass corrects the rare case where the offset differs.
  let utc = guess;
  for (let i = 0; i < 2; i++) {
    const p = nyParts(new Date(utc));
    const asIfUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    utc += guess - asIfUtc;
  }
  return new Date(utc);
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
  const [y, m, d] = ymd.split('-').map(Number);
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

export const isYmd = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** MM/DD/YYYY, the product's display format. */
export function formatUsDate(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${m}/${d}/${y}`;
}

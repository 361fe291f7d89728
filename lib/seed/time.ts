// New York calendar arithmetic with Intl (DST-correct, no fixed offsets). Days are "day numbers":
// whole days since 1970-01-01 on the civil calendar, so weekday and date arithmetic are integer math.

export const TIME_ZONE = 'America/New_York';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface ZonedParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of an instant in New York. */
export function nyParts(instant: Date): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatter.formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** Minutes New York is ahead of UTC at that instant (-300 in winter, -240 in summer). */
function offsetMinutes(instant: Date): number {
  const p = nyParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
}

/** The instant at which New York's clocks show the given day number and time. */
export function nyTime(dayNumber: number, hour: number, minute = 0, second = 0): Date {
  const wall = dayNumber * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000;
  const first = wall - offsetMinutes(new Date(wall)) * 60_000;
  const second_ = wall - offsetMinutes(new Date(first)) * 60_000;
  return new Date(second_);
}

/** The New York calendar day (day number) of an instant. */
export function nyDayNumber(instant: Date): number {
  const p = nyParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;
}

/** 0 = Sunday .. 6 = Saturday. */
export function weekday(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

export function isWeekday(dayNumber: number): boolean {
  const w = weekday(dayNumber);
  return w >= 1 && w <= 5;
}

/** "YYYY-MM-DD" of a day number. */
export function isoDate(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

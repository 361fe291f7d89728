// New York calendar arithmetic for the seed, in "day numbers" (whole civil days since 1970-01-01), so
// weekday and date arithmetic are integer math. The time-zone work itself is lib/time.ts's.
import { dayNumberToYmd, NY_TZ, nyWallClock, nyWallToUtcMs, weekdayOfDayNumber } from '../lib/time.ts';

export const TIME_ZONE = NY_TZ;

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
  const { year, month, day, hour, minute, second } = nyWallClock(instant.getTime());
  return { year, month, day, hour, minute, second };
}

/** The instant at which New York's clocks show the given day number and time. */
export function nyTime(dayNumber: number, hour: number, minute = 0, second = 0): Date {
  return new Date(nyWallToUtcMs(dayNumber, hour, minute, second));
}

/** The New York calendar day (day number) of an instant. */
export function nyDayNumber(instant: Date): number {
  return nyWallClock(instant.getTime()).dayNumber;
}

/** 0 = Sunday .. 6 = Saturday. */
export const weekday = weekdayOfDayNumber;

export function isWeekday(dayNumber: number): boolean {
  const w = weekday(dayNumber);
  return w >= 1 && w <= 5;
}

/** "YYYY-MM-DD" of a day number. */
export const isoDate = dayNumberToYmd;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

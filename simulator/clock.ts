// New York wall-clock arithmetic for the simulator (the time-zone work itself is lib/time.ts's).
import { dayNumberToYmd, NY_TZ, nyWallClock, nyWallToUtcMs, weekdayOfDayNumber, type NyWallClock } from '../lib/time.ts';

// Days are "day numbers": whole civil days since 1970-01-01, so weekday and date arithmetic are integer
// math; instants are epoch milliseconds.

export const TIME_ZONE = NY_TZ;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** The simulation step: state changes only at multiples of 15 minutes (epoch-aligned, so NY quarter hours). */
export const TICK_MS = 15 * MINUTE_MS;

export interface NyLocal extends NyWallClock {
  /** hour * 60 + minute. */
  minuteOfDay: number;
}

/** The New York wall-clock fields of an instant. */
export function nyLocal(ms: number): NyLocal {
  const w = nyWallClock(ms);
  return { ...w, minuteOfDay: w.hour * 60 + w.minute };
}

/** 0 = Sunday .. 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = weekdayOfDayNumber;

/** Monday-based week number of a day (weeks start on Monday). */
export function weekOf(dayNumber: number): number {
  return Math.floor((dayNumber + 3) / 7);
}

/** The instant (epoch ms) at which New York clocks show that day and time. */
export const nyInstant = nyWallToUtcMs;

/** The New York day number of an instant. */
export function nyDayNumber(ms: number): number {
  return nyLocal(ms).dayNumber;
}

/** "2026-07-20" for a day number. */
export const ymd = dayNumberToYmd;

/** Day number of "2026-07-20" (undefined when malformed). */
export function parseYmd(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return undefined;
  return ms / DAY_MS;
}

/** "7/20/2026" (the warehouse report's ReportDate form) for a day number. */
export function mdy(dayNumber: number): string {
  const d = new Date(dayNumber * DAY_MS);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

/** Day number of "7/20/2026" or "07/20/2026" (undefined when malformed). */
export function parseMdy(text: string): number | undefined {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  return parseYmd(`${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-07-20 11:03:56" in New York time (the shipments extract's extractDatetime). */
export function nyDateTime(ms: number): string {
  const l = nyLocal(ms);
  return `${l.year}-${pad(l.month)}-${pad(l.day)} ${pad(l.hour)}:${pad(l.minute)}:${pad(l.second)}`;
}

/** "7/20/2026 11:03:56 AM" in New York time (how the warehouse report prints its time). */
export function nyUsDateTime(ms: number): string {
  const l = nyLocal(ms);
  const h12 = l.hour % 12 === 0 ? 12 : l.hour % 12;
  return `${l.month}/${l.day}/${l.year} ${h12}:${pad(l.minute)}:${pad(l.second)} ${l.hour < 12 ? 'AM' : 'PM'}`;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

import 'server-only';
import { ChangeCache } from '../db/changes.ts';
import { nyDate, nyDayRange, nyTimeToUtc } from '../time.ts';
import { readExtractDays } from './extract-day-rows.ts';
import { dayNote, dayNotes, EXTRACT_LATE_AFTER, type DayContext, type DayNote } from './shipment-days.ts';

// The shipment_days rows a report needs (read by lib/reports/extract-day-rows.ts, shared with the alerts).
// They are kept until shipment_days or scrape_runs is written (decision 014: a round trip costs more than the rest of a kept answer); the statuses and notes are worked
// out on every call, because a day's status changes with the clock (pending, then late, then missing) too.

/**
 * Rows from `startDate` on (later ones say where a day's shipments were counted), the first tracked day,
 * and since when the shipments runs fail (the first failed run after the last that read an extract).
 */
export function extractDays(startDate: string): Promise<Omit<DayContext, 'now' | 'boardId'>> {
  return keptDays.get(startDate, () => readExtractDays(startDate));
}

/** By first day; shared: never modify. */
const keptDays = new ChangeCache<Omit<DayContext, 'now' | 'boardId'>>(['shipment_days', 'scrape_runs'], 64);

/** Each day of a range, newest first, with its status and the note a hunter should read. */
export async function rangeDayNotes(startDate: string, endDate: string, now: Date, boardId?: number): Promise<DayNote[]> {
  return dayNotes(startDate, endDate, { ...(await extractDays(startDate)), now, boardId });
}

/** Today's extract status (staff health). */
export async function todaysExtract(today: string, now: Date): Promise<DayNote> {
  return dayNote(today, { ...(await extractDays(today)), now });
}

/**
 * Until when (epoch ms, exclusive) the status of `date` holds with no write to shipment_days: today's turns
 * late at 12:30 New York time and missing at midnight; a past day's changes only with a write.
 */
export function dayStatusHoldsUntil(date: string, now: Date): number {
  const today = nyDate(now);
  if (date < today) return Infinity;
  const lateAt = nyTimeToUtc(today, EXTRACT_LATE_AFTER.hour, EXTRACT_LATE_AFTER.minute).getTime();
  return Math.min(nyDayRange(today).end.getTime(), ...(lateAt > now.getTime() ? [lateAt] : []));
}

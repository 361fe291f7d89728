import 'server-only';
import { db } from '../db/index.ts';
import { nyDate, nyDayRange, nyTimeToUtc } from '../time.ts';
import { dayNote, dayNotes, EXTRACT_LATE_AFTER, type DayContext, type DayNote, type ShipmentDayRow } from './shipment-days.ts';

// The shipment_days rows a report needs, read fresh on every call (a few dozen rows by primary key): a day's
// status changes with the clock (pending, then late, then missing) as well as with the data.

/** Rows from `startDate` on (later ones say where a day's shipments were counted), and the first tracked day. */
export async function extractDays(startDate: string): Promise<Omit<DayContext, 'now' | 'boardId'>> {
  const [row] = await db.$queryRaw<{ rows: ShipmentDayRow[] | null; first: string | null }[]>`
    SELECT (SELECT json_agg(json_build_object('shipDate', d.ship_date, 'coversFrom', d.covers_from, 'status', d.status::text,
                                              'applied', d.applied, 'missingBoardIds', COALESCE(d.missing_board_ids, '{}'),
                                              'lastExtractedAt', to_char(d.last_extracted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
              FROM shipment_days d WHERE d.ship_date >= ${startDate}::date) AS rows,
           (SELECT to_char(min(ship_date), 'YYYY-MM-DD') FROM shipment_days) AS first`;
  return { rows: row.rows ?? [], firstTracked: row.first };
}

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

import { db } from '../db/index.ts';
import { storesWithinRadiusSql } from '../places/sql.ts';
import { readExtractDays } from '../reports/extract-day-rows.ts';
import { dayNote, type DayContext, type DayStatus } from '../reports/shipment-days.ts';
import { addDays, isYmd, nyDate } from '../time.ts';

// The digest's days without a whole shipment report (plan issue-24 §4): for each board whose shipments may alert
// the user (chosen, or within the alert radius) and whose shelves are not read, the missing, late or truncated days
// since the last digest, in the words of the reports' day notes (lib/reports/shipment-days.ts, the one place that
// turns days into statuses). Without them a quiet digest would read as "nothing shipped" on a day the state's report
// never came. Shelf boards alert from
// their shelves, which are read whatever the report does.

/** One board's day without a whole report. */
export interface ReportGap {
  boardId: number;
  boardName: string;
  date: string;
  status: DayStatus;
  note: string;
}

/** The statuses a digest reports: the shipments of those days are not known (yet) for the board. */
const GAP_STATUSES: ReadonlySet<DayStatus> = new Set(['missing', 'late', 'truncated']);

/** At most this many days back: a user whose digests paused for weeks gets the last week, not a log. */
export const REPORT_GAP_MAX_DAYS = 7;

/**
 * The gaps from `fromDay` to `today` (both included) for `boards`, newest day first, then by board name.
 * Pure: `days` is what lib/reports/extract-day-rows.ts read.
 *
 * Range: days from max(fromDay, today − (REPORT_GAP_MAX_DAYS − 1)) to today, so at most REPORT_GAP_MAX_DAYS ×
 * boards gaps, whatever `fromDay` holds (a `fromDay` that is not a date reads as the earliest such day).
 */
export function reportGaps(
  boards: { id: number; name: string }[],
  fromDay: string,
  days: Omit<DayContext, 'now' | 'boardId'>,
  now: Date,
): ReportGap[] {
  const gaps: ReportGap[] = [];
  const sorted = [...boards].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
  const today = nyDate(now);
  // Guard: the loop counted back to `fromDay` by comparing strings; a fromDay of '' (or years back) kept it
  // going for as many days as the Date range holds. The digest lists a week at most (digestReportGaps), so
  // the days are counted, not searched.
  const earliest = addDays(today, -(REPORT_GAP_MAX_DAYS - 1));
  const from = isYmd(fromDay) && fromDay > earliest ? fromDay : earliest;
  for (let back = 0; back < REPORT_GAP_MAX_DAYS; back++) {
    const date = addDays(today, -back);
    if (date < from) break;
    for (const board of sorted) {
      const day = dayNote(date, { ...days, now, boardId: board.id });
      if (GAP_STATUSES.has(day.status) && day.note) gaps.push({ boardId: board.id, boardName: board.name, date, status: day.status, note: day.note });
    }
  }
  return gaps;
}

/**
 * The gaps a user's digest lists: days since the day of `lastDigestAt` (that day's status may have changed
 * since; a first digest: today), at most REPORT_GAP_MAX_DAYS, for the boards whose shipments may alert the user —
 * those chosen, and those with a retail store within the user's alert radius (issue 39) — whose shelves are not
 * read (the same rule as the shipment collection in process.ts: no enabled board_sources row).
 */
export async function digestReportGaps(userId: number, lastDigestAt: Date | null, now: Date): Promise<ReportGap[]> {
  const boards = await db.$queryRaw<{ id: number; name: string }[]>`
    SELECT b.id, b.name_clean AS name
      FROM boards b
     WHERE (b.id IN (SELECT unnest(s.board_ids) FROM alert_settings s WHERE s.user_id = ${userId})
            OR b.id IN (SELECT n.board_id FROM (${storesWithinRadiusSql()}) n WHERE n.user_id = ${userId}))
       AND NOT EXISTS (SELECT 1 FROM board_sources bs WHERE bs.board_id = b.id AND bs.enabled)`;
  if (!boards.length) return [];
  const today = nyDate(now);
  const earliest = addDays(today, -(REPORT_GAP_MAX_DAYS - 1));
  const since = lastDigestAt ? nyDate(lastDigestAt) : today;
  const fromDay = since > earliest ? since : earliest;
  return reportGaps(boards, fromDay, await readExtractDays(fromDay), now);
}

import { usDateTime } from '../reports-client/format.ts';
import { addDays, nyDate, nyParts } from '../time.ts';

// What the shipments extract says about one New York day (docs/decisions/022-the-extract-says-what-it-does-not-know.md).
// The only place that turns shipment_days rows into statuses and words: a day the extract did not cover, or
// covered only in part, must never read as "nothing shipped". Pure, so screens, the API, the scraper's alert
// e-mails (lib/alerts/report-days.ts) and tests share it: it must never import 'server-only' or Next.

/** A shipment_days row as the reports read it (dates YYYY-MM-DD). */
export interface ShipmentDayRow {
  shipDate: string;
  coversFrom: string;
  status: 'baseline' | 'complete' | 'truncated';
  applied: boolean;
  missingBoardIds: number[];
  /** When the day's latest extract was read (ISO instant), where the reader has it. */
  lastExtractedAt?: string;
}

export type DayStatus =
  /** Before the first extract the product judged: no record either way. */
  | 'not_tracked'
  /** The first extract: its totals span unknown days, so it dates no shipments. */
  | 'baseline'
  | 'complete'
  /** Complete, and it also carries the shipments of earlier days that had no extract. */
  | 'spans'
  /** Some totals were missing or cut short (or the whole extract was refused): those shipments come later. */
  | 'truncated'
  /** Today, before the extract's usual time. */
  | 'pending'
  /** Today, past the extract's usual time, and none yet. */
  | 'late'
  /** A past day without an extract. */
  | 'missing';

/** The extract appears near 11:00 New York time and the scraper looks hourly from then: late after 12:30. */
export const EXTRACT_LATE_AFTER = { hour: 12, minute: 30 };

export interface DayContext {
  /** The days' rows (any order; only those near the asked days are needed). */
  rows: ShipmentDayRow[];
  /** The earliest shipment_days date ever recorded, or null when none is. */
  firstTracked: string | null;
  now: Date;
  /** One board's view: a truncated day is truncated only for the boards it left out. */
  boardId?: number;
  /** When the shipments runs started failing, if the latest one failed (and since the last that did not). */
  failingSince?: Date | null;
}

export interface DayNote {
  date: string;
  status: DayStatus;
  /** Plain words for a hunter; null when the day needs none (complete, baseline, not tracked, pending). */
  note: string | null;
}

export function dayStatus(date: string, ctx: DayContext): DayStatus {
  const row = ctx.rows.find((r) => r.shipDate === date);
  if (row) {
    if (!row.applied) return 'truncated';
    if (row.status === 'baseline') return 'baseline';
    if (row.status === 'truncated' && (ctx.boardId === undefined || row.missingBoardIds.includes(ctx.boardId))) return 'truncated';
    return row.coversFrom < date ? 'spans' : 'complete';
  }
  if (ctx.firstTracked === null || date < ctx.firstTracked) return 'not_tracked';
  const today = nyDate(ctx.now);
  if (date < today) return 'missing';
  const p = nyParts(ctx.now);
  const late = p.hour > EXTRACT_LATE_AFTER.hour || (p.hour === EXTRACT_LATE_AFTER.hour && p.minute >= EXTRACT_LATE_AFTER.minute);
  return date === today && late ? 'late' : 'pending';
}

/** The applied day whose extract dates the shipments of `date` (a later one spanning it), if any yet. */
function countedOn(date: string, rows: ShipmentDayRow[]): string | null {
  const later = rows.filter((r) => r.applied && r.shipDate > date && r.coversFrom <= date).map((r) => r.shipDate);
  return later.sort()[0] ?? null;
}

const md = (ymd: string) => `${Number(ymd.slice(5, 7))}/${Number(ymd.slice(8, 10))}`;

/** The day's status and, where shipments may be missing or moved, what a hunter should know. */
export function dayNote(date: string, ctx: DayContext): DayNote {
  const status = dayStatus(date, ctx);
  const on = countedOn(date, ctx.rows);
  // A later applied day that covers none of this one: a new baseline after a gap longer than the window.
  const afterGap = !on && ctx.rows.some((r) => r.applied && r.shipDate > date);
  const later = on
    ? `shipments that day are counted on ${md(on)}`
    : afterGap
      ? 'its shipments were never dated: the next report came too long after to tell them apart'
      : 'shipments that day will show up with the next report';
  let note: string | null = null;
  let known = true;
  switch (status) {
    case 'missing':
      note = `No shipment report for ${md(date)} — ${later}.`;
      known = Boolean(on) || afterGap;
      break;
    case 'late':
      note = `The shipment report for ${md(date)} is late — shipments that day will show up when it comes.`;
      known = false;
      break;
    case 'pending':
      known = false;
      break;
    case 'truncated': {
      const row = ctx.rows.find((r) => r.shipDate === date)!;
      const who = ctx.boardId === undefined ? "some boards' shipments" : "this board's shipments";
      // The totals it left out were kept: their shipments are dated by the next report that has them.
      const whole = ctx.rows
        .filter((r) => r.applied && r.shipDate > date && !(r.status === 'truncated' && (ctx.boardId === undefined || r.missingBoardIds.includes(ctx.boardId))))
        .map((r) => r.shipDate)
        .sort()[0];
      note = row.applied
        ? `The report for ${md(date)} was incomplete: ${who} ${whole ? `are counted on ${md(whole)}` : 'will show up with the next complete report'}.`
        : `The report for ${md(date)} was incomplete and not used — ${later}.`;
      known = Boolean(row.applied ? whole : on);
      break;
    }
    case 'spans': {
      const row = ctx.rows.find((r) => r.shipDate === date)!;
      const from = row.coversFrom === addDays(date, -1) ? md(row.coversFrom) : `${md(row.coversFrom)}–${md(addDays(date, -1))}`;
      note = `Shipments on ${md(date)} also include ${from}, which had no usable report of its own.`;
      break;
    }
  }
  // A day still waiting for its shipments while the report cannot be read: say since when (a failure after
  // the moment asked about is not known at that moment).
  if (!known && ctx.failingSince && ctx.failingSince <= ctx.now) {
    const failing = `The state's shipment report could not be read since ${usDateTime(ctx.failingSince.toISOString())}.`;
    note = note ? `${note} ${failing}` : failing;
  }
  return { date, status, note };
}

/** Every day from `startDate` to `endDate` (both included), newest first, with its status and note. */
export function dayNotes(startDate: string, endDate: string, ctx: DayContext): DayNote[] {
  const days: DayNote[] = [];
  for (let d = endDate; d >= startDate; d = addDays(d, -1)) days.push(dayNote(d, ctx));
  return days;
}

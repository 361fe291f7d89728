import { db } from '../db/index.ts';
import { nyDate } from '../time.ts';
import type { BoardPrecision } from '../reference/precision.ts';
import type { BoardEntry } from '../reports/types.ts';
import type { BoardKindCalibration, BoardRecord } from '../forecast/types.ts';
import { CALIBRATION_BUCKETS, calibrationBuckets, type CalibrationSums } from './calibration.ts';

// How often each board's forecasts were right (issue 26 §4, docs/decisions/027-forecasts.md): over the last 30
// and 90 days, the share of named (store, window) pairs whose store got the bottle (precision, from
// forecasts.outcome), the share of shelf arrivals of hunted products a forecast named at least 12 hours ahead
// (recall, from forecast_scores), and the median lead of those. Two grouped queries for every board; /admin
// shows all of them, and every screen that shows a forecast shows its board's verdict and links here.

export const RECORD_PERIODS = [30, 90] as const;
/** Below this share of recall or precision over 90 days a board's record is called poor, next to its forecasts. */
export const POOR_BELOW = 0.5;
/** Closed named pairs (or arrivals) a board needs over 90 days before its record is judged. */
export const JUDGE_FROM = 10;

interface PeriodRow {
  board_id: number;
  days: number;
  named_closed: number;
  named_arrived: number;
  unscorable: number;
}

interface ScoreRow {
  board_id: number;
  days: number;
  arrivals: number;
  ahead: number;
  median_lead_minutes: number | null;
}

/** The board a record is of, as the board directory has it (lib/reference/board-facts.ts decides its precision). */
export type RecordedBoard = Pick<BoardEntry, 'board_id' | 'name' | 'precision'>;

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The verdict and the sentence shown next to a board's forecasts (null: nothing to warn about). */
export function judge(precision: BoardPrecision, ninety: BoardRecord['periods'][number]): Pick<BoardRecord, 'verdict' | 'note'> {
  if (precision !== 'shelf') {
    return {
      verdict: 'unscorable',
      note: "This board's store shelves are not read, so its forecasts cannot be checked: the window is the usual time from the state's truck to a shelf.",
    };
  }
  if (ninety.named_closed < JUDGE_FROM && ninety.arrivals < JUDGE_FROM) {
    return { verdict: 'too_few', note: 'Too few forecasts for this board have closed yet to say how often they are right.' };
  }
  const poor = (ninety.recall !== null && ninety.recall < POOR_BELOW) || (ninety.precision !== null && ninety.precision < POOR_BELOW);
  if (!poor) return { verdict: 'good', note: null };
  const parts = [
    ninety.precision !== null ? `${pct(ninety.precision)} of the stores it named got the bottle` : null,
    ninety.recall !== null ? `${pct(ninety.recall)} of arrivals were forecast ahead` : null,
  ].filter(Boolean);
  return { verdict: 'poor', note: `This board's forecasts are often wrong: over 90 days, ${parts.join(' and ')}.` };
}

/** The record of the given boards (all boards with forecasts when `boards` lists them all), as of `now`. */
export async function boardRecords(boards: readonly RecordedBoard[], now = new Date()): Promise<BoardRecord[]> {
  if (!boards.length) return [];
  const ids = boards.map((b) => b.board_id);
  const today = nyDate(now);
  const [periods, scores] = await Promise.all([
    // A named pair counts in the period its window closed in; un-named rows are listed, not forecast.
    db.$queryRaw<PeriodRow[]>`
      SELECT i.board_id, p.days,
             count(*) FILTER (WHERE f.named AND f.outcome IN ('arrived', 'not_arrived'))::int AS named_closed,
             count(*) FILTER (WHERE f.named AND f.outcome = 'arrived')::int AS named_arrived,
             count(*) FILTER (WHERE f.outcome = 'unscorable')::int AS unscorable
        FROM unnest(${[...RECORD_PERIODS]}::int[]) AS p(days)
        JOIN forecasts f ON f.outcome <> 'open' AND f.window_end >= (${today}::date - p.days) AND f.window_end < ${today}::date
        JOIN incoming i ON i.id = f.incoming_id AND i.board_id = ANY(${ids}::int[])
       GROUP BY i.board_id, p.days`,
    db.$queryRaw<ScoreRow[]>`
      SELECT fs.board_id, p.days, count(*)::int AS arrivals, count(*) FILTER (WHERE fs.ahead)::int AS ahead,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY fs.lead_minutes) FILTER (WHERE fs.ahead) AS median_lead_minutes
        FROM unnest(${[...RECORD_PERIODS]}::int[]) AS p(days)
        JOIN forecast_scores fs ON fs.arrived_at >= ((${today}::date - p.days)::timestamp AT TIME ZONE 'America/New_York')
       WHERE fs.board_id = ANY(${ids}::int[]) AND fs.arrived_at <= ${now}
       GROUP BY fs.board_id, p.days`,
  ]);
  const key = (board: number, days: number) => `${board}:${days}`;
  const periodOf = new Map(periods.map((r) => [key(r.board_id, r.days), r]));
  const scoreOf = new Map(scores.map((r) => [key(r.board_id, r.days), r]));
  return boards.map((board) => {
    const shelf = board.precision === 'shelf';
    const periodsOut = RECORD_PERIODS.map((days) => {
      const p = periodOf.get(key(board.board_id, days));
      const s = shelf ? scoreOf.get(key(board.board_id, days)) : undefined;
      const namedClosed = shelf ? (p?.named_closed ?? 0) : 0;
      const namedArrived = shelf ? (p?.named_arrived ?? 0) : 0;
      const arrivals = s?.arrivals ?? 0;
      return {
        days,
        named_closed: namedClosed,
        named_arrived: namedArrived,
        precision: namedClosed ? namedArrived / namedClosed : null,
        arrivals,
        forecast_ahead: s?.ahead ?? 0,
        recall: arrivals ? (s?.ahead ?? 0) / arrivals : null,
        median_lead_hours: s?.median_lead_minutes == null ? null : Math.round((s.median_lead_minutes / 60) * 10) / 10,
        unscorable: p?.unscorable ?? 0,
      };
    });
    return { board_id: board.board_id, name: board.name, precision: board.precision, periods: periodsOut, ...judge(board.precision, periodsOut[1]) };
  });
}

// ── calibration (issue 37 §4): does "8 in 10" come true about 8 times in 10? (the rule: calibration.ts) ──

/** The kinds of board, in the order the record lists them. */
export const BOARD_KINDS: readonly BoardPrecision[] = ['shelf', 'store_by_shipment', 'board'];

/** One (kind, bucket) group of closed forecasts, as the database sums them. */
export interface CalibrationGroup extends CalibrationSums {
  precision: BoardPrecision;
}

/** Every kind with its ten buckets, empty ones included, from the groups the database summed. */
export function calibrationOf(groups: readonly CalibrationGroup[]): BoardKindCalibration[] {
  return BOARD_KINDS.map((precision) => {
    const buckets = calibrationBuckets(groups.filter((g) => g.precision === precision));
    return { precision, forecasts: buckets.reduce((n, b) => n + b.forecasts, 0), buckets };
  });
}

/**
 * The calibration of the forecasts closed over the last 90 days: each forecast's first likelihood
 * (what it said when it was made, before the evidence moved it) against whether its store got the bottle.
 * Closed outcomes only (lib/forecast/forecast.ts: `arrived` or `not_arrived`, which only shelf boards get);
 * `unscorable` rows of boards without shelves read have nothing to check them against.
 */
export async function calibration(now = new Date()): Promise<BoardKindCalibration[]> {
  // Closed in the period (an arrival closes its row before its window ends).
  const since = new Date(now.getTime() - RECORD_PERIODS[RECORD_PERIODS.length - 1] * 86_400_000);
  const groups = await db.$queryRaw<CalibrationGroup[]>`
    SELECT i.precision, LEAST(${CALIBRATION_BUCKETS - 1}, GREATEST(0, floor(f.first_likelihood * ${CALIBRATION_BUCKETS})))::int AS bucket,
           count(*)::int AS forecasts, sum(f.first_likelihood)::float8 AS stated_sum,
           count(*) FILTER (WHERE f.outcome = 'arrived')::int AS came_true
      FROM forecasts f JOIN incoming i ON i.id = f.incoming_id
     WHERE f.outcome IN ('arrived', 'not_arrived') AND f.closed_at >= ${since} AND f.closed_at <= ${now}
       AND NOT f.first_likelihood = 'NaN'::real
     GROUP BY 1, 2`;
  return calibrationOf(groups);
}

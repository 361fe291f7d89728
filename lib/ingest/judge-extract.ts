import { addDays, formatUsDate } from '../time.ts';

// The judgement of one shipments extract before anything is written (decision 022, plan issue 24 §2):
// whether it is whole enough to date shipments from, which of the previous totals it cannot have let
// go of, and which days its shipments cover. Pure, so every rule is unit-tested on its own; the
// database work around it is lib/ingest/shipments.ts.
//
// NUMUNITS is bottles shipped over about the last 16 days, so a total may fall only by ageing out.

/** An extract with fewer (product, board) pairs than this share of the previous one's is refused. */
export const MIN_SHARE_OF_PREVIOUS = 0.5;
/** Shipments dated this many days back are still inside the extract's ~16-day totals: a total below them was cut. */
export const STILL_IN_WINDOW_DAYS = 13;
/** More days than this since the last applied extract: every old total has aged out, so the extract is a new baseline. */
export const NEW_BASELINE_AFTER_DAYS = 15;

/** One (product, board) pair as a key. */
export const pairKey = (plu: string, boardId: number) => `${plu}:${boardId}`;
export const boardOfPair = (key: string) => Number(key.slice(key.indexOf(':') + 1));

/** A previous total this extract lowers or leaves out: the only kind a rule may keep. */
export interface FallenPair {
  key: string;
  /** The last applied extract's total. */
  before: number;
  /** This extract's total (0: left out). */
  now: number;
  /** Units we dated to the pair in the STILL_IN_WINDOW_DAYS before this extract's day. */
  datedInWindow: number;
}

export interface ExtractFacts {
  /** The extract's New York day. */
  shipDate: string;
  /** Its (product, board) pairs, known boards only. */
  pairs: number;
  /** The last applied extract's day and pair count; null before any. */
  previous: { day: string; pairs: number } | null;
  /** The previous totals this extract lowers or leaves out. */
  fallen: readonly FallenPair[];
}

export type ExtractJudgement =
  /** Too short to be the whole extract: nothing is written, the run fails with `reason`. */
  | { verdict: 'refused'; reason: string }
  /** The first extract, or the first after a gap longer than the window: its totals date nothing. */
  | { verdict: 'baseline'; cause: 'first' | 'gap'; coversFrom: string }
  | {
      verdict: 'applied';
      /** Totals this extract left out or cut short, kept as they were (pairKey → units; no shipment is dated for them). */
      kept: Map<string, number>;
      /** Their boards, whose shipments this day are not known yet. */
      missingBoardIds: number[];
      /** The first day whose shipments this extract dates (earlier than shipDate when days had none). */
      coversFrom: string;
    };

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * Range (days YYYY-MM-DD): `baseline` 'first' without a previous extract; `refused` when it lists fewer pairs than
 * MIN_SHARE_OF_PREVIOUS of the previous one's; `baseline` 'gap' more than NEW_BASELINE_AFTER_DAYS after it; else
 * `applied`, covering from the day after the previous one (its own day at the latest), keeping only fallen totals
 * (at their `before`), missingBoardIds their boards, sorted. Time: two passes over `fallen`.
 */
export function judgeExtract(facts: ExtractFacts): ExtractJudgement {
  const { shipDate, pairs, previous, fallen } = facts;
  if (!previous) return { verdict: 'baseline', cause: 'first', coversFrom: shipDate };

  const had = previous.pairs;
  if (pairs < had * MIN_SHARE_OF_PREVIOUS) {
    return {
      verdict: 'refused',
      reason: `the extract of ${formatUsDate(shipDate)} lists ${pairs.toLocaleString('en-US')} product-board totals, ${Math.round((100 * pairs) / had)}% of the previous ${had.toLocaleString('en-US')}: treated as incomplete, nothing written`,
    };
  }
  if (daysBetween(previous.day, shipDate) > NEW_BASELINE_AFTER_DAYS) return { verdict: 'baseline', cause: 'gap', coversFrom: shipDate };

  // A total below what we dated to it within the window cannot have aged out: it was cut from this extract.
  const kept = new Map<string, number>();
  for (const f of fallen) if (f.now < f.datedInWindow) kept.set(f.key, f.before);
  // A board with such a total was cut from the extract: its other pairs the extract leaves out are missing
  // too, not aged out (their totals may predate our dating, e.g. the baseline's, so the rule above misses them).
  const cutBoards = new Set([...kept.keys()].map(boardOfPair));
  for (const f of fallen) if (f.now === 0 && cutBoards.has(boardOfPair(f.key))) kept.set(f.key, f.before);
  return {
    verdict: 'applied',
    kept,
    missingBoardIds: [...cutBoards].sort((a, b) => a - b),
    coversFrom: addDays(previous.day, 1) < shipDate ? addDays(previous.day, 1) : shipDate,
  };
}

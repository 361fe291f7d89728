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

/** One (product, board) pair as a map key. */
export const pairKey = (plu: string, boardId: number) => `${plu}:${boardId}`;
export const boardOfPair = (key: string) => Number(key.slice(key.indexOf(':') + 1));

export interface ExtractFacts {
  /** The extract's New York day. */
  shipDate: string;
  /** The extract's total per pair (pairKey → units), pairs of known boards only. */
  extract: ReadonlyMap<string, number>;
  /** The totals the last applied extract left (pairKey → units) and its New York day; null before any. */
  previous: { day: string; totals: ReadonlyMap<string, number> } | null;
  /** Units we dated to each pair in the STILL_IN_WINDOW_DAYS before shipDate (pairKey → units). */
  datedInWindow: ReadonlyMap<string, number>;
}

export type ExtractJudgement =
  /** Too short to be the whole extract: nothing is written, the run fails with `reason`. */
  | { verdict: 'refused'; reason: string }
  /** The first extract, or the first after a gap longer than the window: its totals date nothing. */
  | { verdict: 'baseline'; cause: 'first' | 'gap'; coversFrom: string }
  | {
      verdict: 'applied';
      /** Totals this extract left out or cut short, kept as they were (no shipment is dated for them). */
      kept: Map<string, number>;
      /** Their boards, whose shipments this day are not known yet. */
      missingBoardIds: number[];
      /** The first day whose shipments this extract dates (earlier than shipDate when days had none). */
      coversFrom: string;
    };

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export function judgeExtract(facts: ExtractFacts): ExtractJudgement {
  const { shipDate, extract, previous, datedInWindow } = facts;
  if (!previous) return { verdict: 'baseline', cause: 'first', coversFrom: shipDate };

  const had = previous.totals.size;
  if (extract.size < had * MIN_SHARE_OF_PREVIOUS) {
    return {
      verdict: 'refused',
      reason: `the extract of ${formatUsDate(shipDate)} lists ${extract.size.toLocaleString('en-US')} product-board totals, ${Math.round((100 * extract.size) / had)}% of the previous ${had.toLocaleString('en-US')}: treated as incomplete, nothing written`,
    };
  }
  if (daysBetween(previous.day, shipDate) > NEW_BASELINE_AFTER_DAYS) return { verdict: 'baseline', cause: 'gap', coversFrom: shipDate };

  // A total below what we dated to it within the window cannot have aged out: it was cut from this extract.
  const kept = new Map<string, number>();
  for (const [key, dated] of datedInWindow) {
    const before = previous.totals.get(key);
    if (before !== undefined && (extract.get(key) ?? 0) < dated) kept.set(key, before);
  }
  // A board with such a total was cut from the extract: its other pairs the extract leaves out are missing
  // too, not aged out (their totals may predate our dating, e.g. the baseline's, so the rule above misses them).
  const cutBoards = new Set([...kept.keys()].map(boardOfPair));
  if (cutBoards.size) {
    for (const [key, units] of previous.totals) if (!extract.has(key) && cutBoards.has(boardOfPair(key))) kept.set(key, units);
  }
  return {
    verdict: 'applied',
    kept,
    missingBoardIds: [...cutBoards].sort((a, b) => a - b),
    coversFrom: addDays(previous.day, 1) < shipDate ? addDays(previous.day, 1) : shipDate,
  };
}

import { expect } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import type { ProductAnswer } from '../simulator/index.ts';

// Judging what the scraper wrote against the simulator's ground truth (lib/ingest/scenarios.db.test.ts for
// Wake, lib/ingest/board-scenarios.db.test.ts for the other boards): the history rows of one poll against the
// changes the simulated shelves really made since the cells were last observed, and the products the run
// recorded as said nothing about or failed against what the simulator's pages said.

/** The simulator path each covered board's reader asks one product's shelves at (lib/ingest/readers). */
export const SHELF_PATHS: Readonly<Record<number, string>> = {
  [WAKE_BOARD_ID]: '/search-results',
  [DURHAM_BOARD_ID]: '/products',
  [GREENSBORO_BOARD_ID]: '/api/items',
  [NEW_HANOVER_BOARD_ID]: '/abcgo/135/api/inventory/details',
};

/** What one poll's pages said about each product asked, by the simulator's record (RunningSimulator.takeServedAnswers). */
export interface PagesSaid {
  /** Its shelves: stock, or 0 everywhere. */
  answered: Set<string>;
  /** Nothing about it: the nothing-matched fault, a delisted product, a debut not out yet, a code the site does not know. */
  silent: Set<string>;
  /** No answer: an error, maintenance or firewall page, a changed page, an answer cut short or refused. */
  failed: Set<string>;
}

/** Sorts a poll's served answers on a board's shelf path by product (one request without an answer fails the product). */
export function pagesSaid(answers: readonly ProductAnswer[], boardId: number): PagesSaid {
  const path = SHELF_PATHS[boardId];
  const worst = new Map<string, ProductAnswer['said']>();
  const rank = { shelf: 0, nothing: 1, 'no-answer': 2 } as const;
  for (const a of answers) {
    const was = worst.get(a.plu);
    if (a.path === path && (was === undefined || rank[a.said] > rank[was])) worst.set(a.plu, a.said);
  }
  const of = (said: ProductAnswer['said']) => new Set([...worst].filter(([, s]) => s === said).map(([plu]) => plu));
  return { answered: of('shelf'), silent: of('nothing'), failed: of('no-answer') };
}

/**
 * The run record lists exactly the products the pages said nothing about (`noDataPlus`) and exactly those
 * that got no answer (`failedPlus`): a product wrongly judged either way is caught, never excused.
 */
export function expectRunRecord(run: { details?: Record<string, unknown> | null }, said: PagesSaid, what: string): void {
  const recorded = (key: string) => [...((run.details?.[key] as string[] | undefined) ?? [])].sort();
  expect({ noData: recorded('noDataPlus'), failed: recorded('failedPlus') }, `${what}: the run record's silent and failed products`).toEqual({
    noData: [...said.silent].sort(),
    failed: [...said.failed].sort(),
  });
}

export interface Change {
  storeNumber: number;
  plu: string;
  before: number;
  after: number;
  type: 'first' | 'increase' | 'decrease' | 'sold_out';
}

export const changeKey = (c: Pick<Change, 'storeNumber' | 'plu' | 'after' | 'type'>) => `${c.storeNumber}:${c.plu}:${c.after}:${c.type}`;
export const isArrival = (c: Change) => c.type === 'first' || c.type === 'increase';

export interface Verdict {
  status: string;
  error: string | null;
  /** The changes the shelves made that the poll could observe. */
  expected: Change[];
  /** The history rows the poll wrote. */
  written: Change[];
  arrivals: { expected: number; written: number; precision: number; recall: number };
  /** Sell-outs written for a cell the shelf still stocks. */
  falseSellOuts: Change[];
  /** Cells whose recorded current stock is not what it should be. */
  wrongStock: string[];
}

/** The verdict of one poll: arrival precision and recall, and false sell-outs, from what was expected and written. */
export function verdict(
  run: { status: string; error?: string | null },
  expected: Change[],
  written: Change[],
  shelf: (plu: string, storeNumber: number) => number,
  wrongStock: string[],
): Verdict {
  const expectedArrivals = new Set(expected.filter(isArrival).map(changeKey));
  const writtenArrivals = written.filter(isArrival).map(changeKey);
  const hits = writtenArrivals.filter((k) => expectedArrivals.has(k)).length;
  return {
    status: run.status,
    error: run.error ?? null,
    expected,
    written,
    arrivals: {
      expected: expectedArrivals.size,
      written: writtenArrivals.length,
      precision: writtenArrivals.length ? hits / writtenArrivals.length : 1,
      recall: expectedArrivals.size ? hits / expectedArrivals.size : 1,
    },
    falseSellOuts: written.filter((c) => c.type === 'sold_out' && shelf(c.plu, c.storeNumber) > 0),
    wrongStock,
  };
}

/** The verdict of a poll whose every observable change was recorded, and nothing else. */
export function expectExact(v: Verdict, what: string): void {
  expect(v.falseSellOuts, `${what}: false sell-outs`).toEqual([]);
  expect(v.arrivals.precision, `${what}: arrival precision`).toBe(1);
  expect(v.arrivals.recall, `${what}: arrival recall`).toBe(1);
  const written = new Set(v.written.map(changeKey));
  const expected = new Set(v.expected.map(changeKey));
  const extra = [...written].filter((k) => !expected.has(k));
  const missed = [...expected].filter((k) => !written.has(k));
  expect({ extra: extra.slice(0, 10), missed: missed.slice(0, 10) }, `${what}: every change written, and only those`).toEqual({ extra: [], missed: [] });
  expect(v.wrongStock.slice(0, 10), `${what}: current stock equals the shelves`).toEqual([]);
}

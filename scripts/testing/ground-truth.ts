import { expect } from 'vitest';

// Judging what the scraper wrote against the simulator's ground truth (lib/ingest/scenarios.db.test.ts for
// Wake, lib/ingest/board-scenarios.db.test.ts for the other boards): the history rows of one poll against the
// changes the simulated shelves really made since the cells were last observed.

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

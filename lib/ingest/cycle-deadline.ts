import { env } from '../env.ts';

// A cycle's time (issue 36, docs/decisions/029-a-cycle-has-a-deadline.md). The scraper ends a cycle that is still
// running at its deadline (lib/ingest/cycle-process.ts), so the next one starts on schedule; within it, each
// source may fetch for a share of that time and all of them for a larger share, so the writes, forecasts and
// alerts that follow have the rest.

/** A cycle's sources: each source's fetching, and the fetching of all of them, from the cycle's start. */
export interface CycleBudgets {
  sourceMs: number;
  fetchMs: number;
}

/** Shares of the deadline: a source 55% (7.7 of 14 min), every source 80% (11.2 min); a Wake pass takes ~4 min. */
export const SOURCE_SHARE = 0.55;
export const FETCH_SHARE = 0.8;

/** The cycle's deadline (SCRAPER_CYCLE_DEADLINE_MS: 14 min by default, a minute short of the schedule's 15). */
export function cycleDeadlineMs(): number {
  return env().SCRAPER_CYCLE_DEADLINE_MS;
}

export function cycleBudgets(deadlineMs = cycleDeadlineMs()): CycleBudgets {
  return { sourceMs: Math.floor(deadlineMs * SOURCE_SHARE), fetchMs: Math.floor(deadlineMs * FETCH_SHARE) };
}

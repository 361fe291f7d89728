import { db } from '../db/index.ts';
import type { ScrapeSource } from '../../generated/prisma/enums.ts';

// One record per source per run: what the arrivals page's "last check" and /api/health read.

export type RunOutcome = {
  status: 'ok' | 'partial' | 'failed';
  itemsSeen: number;
  changesWritten: number;
  error?: string | null;
  details?: Record<string, unknown> | null;
};

export async function startRun(source: ScrapeSource, startedAt = new Date()): Promise<number> {
  const run = await db.scrapeRun.create({ data: { source, startedAt, status: 'running' } });
  return run.id;
}

export async function finishRun(id: number, outcome: RunOutcome): Promise<void> {
  await db.scrapeRun.update({
    where: { id },
    data: {
      status: outcome.status,
      finishedAt: new Date(),
      itemsSeen: outcome.itemsSeen,
      changesWritten: outcome.changesWritten,
      error: outcome.error?.slice(0, 2000) ?? null,
      details: (outcome.details ?? undefined) as object | undefined,
    },
  });
}

/**
 * A run left 'running' by a process that was killed is closed as failed when the next runner starts,
 * so no run stays open forever and the record says what happened.
 */
export async function closeAbandonedRuns(): Promise<number> {
  const { count } = await db.scrapeRun.updateMany({
    where: { status: 'running' },
    data: { status: 'failed', finishedAt: new Date(), error: 'The scraper stopped before this run finished (process killed or crashed).' },
  });
  return count;
}

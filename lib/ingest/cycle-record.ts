import { hostname } from 'node:os';
import { db } from '../db/index.ts';
import type { CycleStatus } from '../../generated/prisma/enums.ts';

// Each scraper cycle is recorded (scraper_cycles): /api/health, /admin and the scraper's healthcheck say the
// scraper stalled when none has finished for two intervals in polling hours (lib/ops/scraper-stall.ts).

/** Opens the record of a cycle this process runs. */
export async function startCycle(startedAt = new Date()): Promise<number> {
  const row = await db.scraperCycle.create({ data: { startedAt, runnerHost: hostname(), runnerPid: process.pid }, select: { id: true } });
  return row.id;
}

/** Closes a cycle's record, unless it is closed already (a cycle the scraper abandoned stays abandoned). */
export async function finishCycle(id: number, status: Exclude<CycleStatus, 'running'>, details: { step?: string | null; error?: string | null } = {}): Promise<void> {
  await db.scraperCycle.updateMany({
    where: { id, status: 'running' },
    data: { status, finishedAt: new Date(), step: details.step ?? null, error: details.error?.slice(0, 2000) ?? null },
  });
}

/** The latest finished cycle's end, and the first cycle's start (null: none yet). */
export async function cycleTimes(): Promise<{ lastFinishedAt: Date | null; firstStartedAt: Date | null }> {
  const [row] = await db.$queryRaw<{ last_finished: Date | null; first_started: Date | null }[]>`
    SELECT (SELECT max(finished_at) FROM scraper_cycles WHERE status = 'finished') AS last_finished,
           (SELECT min(started_at) FROM scraper_cycles) AS first_started`;
  return { lastFinishedAt: row?.last_finished ?? null, firstStartedAt: row?.first_started ?? null };
}

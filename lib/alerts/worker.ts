import type { TaskList } from 'graphile-worker';
import { z } from 'zod';
import { drainQueue, startWorker } from '../db/queue.ts';
import { env } from '../env.ts';
import { deliverFor, newRun, sweepAlerts, type AlertRun, type RunOptions } from './deliver.ts';
import { ALERT_TASKS } from './jobs.ts';
import { ALERT_CHANNELS } from './rules.ts';

// The alert pipeline's workers (docs/decisions/026-alert-delivery-queue.md). The scraper runs one for as long as
// it runs (scripts/scraper.ts), and each scraper run also works the queue until nothing is due (lib/alerts/
// process.ts), so alerts found by a run go out within it; any number of them may run at once.

const deliverPayload = z.object({ userId: z.number().int().positive(), channel: z.enum(ALERT_CHANNELS) });

/** The tasks, each run with a fresh AlertRun (its clock: when the job starts, or a scraper run's check time). */
export function alertTasks(runFor: () => AlertRun): TaskList {
  return {
    [ALERT_TASKS.deliver]: async (payload) => {
      const { userId, channel } = deliverPayload.parse(payload);
      await deliverFor(runFor(), userId, channel);
    },
    [ALERT_TASKS.sweep]: async () => {
      await sweepAlerts(runFor());
    },
  };
}

/** Works every job due now, with the clock and tallies of `run`, then returns. */
export async function drainAlerts(run: AlertRun): Promise<void> {
  await drainQueue(alertTasks(() => run));
}

export interface AlertWorker {
  stop(): Promise<void>;
}

/**
 * A worker that runs until stopped, on the wall clock. It sweeps once at start, so what a stopped process left
 * (sends cut short, digests or retries that fell due meanwhile) is taken over at once, and then every minute.
 */
export async function startAlertWorker(options: Omit<RunOptions, 'now'> & { concurrency?: number; pollIntervalMs?: number } = {}): Promise<AlertWorker> {
  const runFor = () => newRun({ ...options, now: new Date() });
  await sweepAlerts(runFor());
  const runner = await startWorker({
    tasks: alertTasks(runFor),
    // One sweep per minute whatever the number of workers (the library keys each tick's job).
    crontab: `* * * * * ${ALERT_TASKS.sweep} ?max=1&jobKey=${ALERT_TASKS.sweep}`,
    concurrency: options.concurrency ?? env().ALERT_WORKER_CONCURRENCY,
    pollIntervalMs: options.pollIntervalMs,
  });
  return { stop: () => runner.stop() };
}

import type { JobSpec } from '../db/queue.ts';
import type { AlertChannelName } from './rules.ts';

// The alert pipeline's jobs on the queue (lib/db/queue.ts); lib/alerts/worker.ts runs them.

export const ALERT_TASKS = {
  /** Delivers what is due for one user on one channel: { userId, channel }. */
  deliver: 'alerts:deliver',
  /** Every minute on some worker: releases cut-short sends, drops what nobody should get, wakes what is due. */
  sweep: 'alerts:sweep',
} as const;

/**
 * The job that delivers to `userId` on `channel`, keyed so that one waits per user and channel: adding it again
 * while one waits just moves that one; while one runs, a second waits for what the first did not see.
 */
export function deliverJob(userId: number, channel: AlertChannelName, delayMs = 0): JobSpec {
  return { task: ALERT_TASKS.deliver, payload: { userId, channel }, key: `${ALERT_TASKS.deliver}:${channel}:${userId}`, delayMs };
}

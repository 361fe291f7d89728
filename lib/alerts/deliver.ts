import { randomUUID } from 'node:crypto';
import { db } from '../db/index.ts';
import { addJobsSql } from '../db/queue.ts';
import { env } from '../env.ts';
import { alertChannel } from './channels/index.ts';
import type { AlertBatch, AlertChannel, DeliveryOutcome } from './channels/types.ts';
import { claimedArrivals } from './claimed.ts';
import { storesOnce, withDistances } from './distances.ts';
import { composeAlert } from './compose.ts';
import { deliverJob } from './jobs.ts';
import {
  cancelIneligible,
  capState,
  claimDigest,
  claimDue,
  countSuppressed,
  destinationWait,
  markEnded,
  markRetry,
  markSent,
  releaseInterrupted,
  suppressDue,
  waitingUsers,
  type Claimed,
} from './ledger.ts';
import {
  afterFailure,
  afterStatedWait,
  capDay,
  capDecision,
  DEFAULT_POLICY,
  digestDueAt,
  heldNow,
  isDigestDue,
  wakeNow,
  type AlertPolicy,
  type QuietHours,
} from './policy.ts';
import { digestReportGaps, type ReportGap } from './report-days.ts';
import { ALERT_CHANNELS, CHANNEL_LABELS, type AlertChannelName } from './rules.ts';

// Delivery, one user and channel at a time: what a queue job (lib/alerts/worker.ts) does. The same rules on every
// channel: nothing for a user who is not active or turned alerts or the channel off; digests at the digest hour;
// push and Discord (and e-mail, if the user chose) held during quiet hours; one message per run with everything
// due; the daily cap; retries with backoff, or after the wait the other side stated; a claim under a lease so nothing
// goes out twice, and messages to one destination in order (lib/alerts/ledger.ts).

export interface ChannelCounts {
  sent: number;
  digests: number;
  failed: number;
}

export interface ProcessResult {
  collected: number;
  cancelled: number;
  released: number;
  suppressed: number;
  /** Messages per channel: sent (digests among them), and failed attempts. */
  channels: Partial<Record<AlertChannelName, ChannelCounts>>;
}

/** One pass of work: its clock (a job's start, or a scraper run's check time), rules, channels and tallies. */
export interface AlertRun {
  now: Date;
  /** The wall clock (performance.now()) when the run began: `now` moves on with it (runClock). */
  startedAt: number;
  policy: AlertPolicy;
  channel: (name: AlertChannelName) => AlertChannel | undefined;
  result: ProcessResult;
  log: (line: string) => void;
  /** The state's placed stores, for the distances in its messages: read once per run, at the first that needs them. */
  placedStores: ReturnType<typeof storesOnce>;
}

export interface RunOptions {
  now: Date;
  log?: (line: string) => void;
  policy?: Partial<AlertPolicy>;
  /** Channels used in place of the registered ones of the same name (the ingest benchmark counts e-mails instead of sending them). */
  channels?: AlertChannel[];
}

export function newRun(options: RunOptions): AlertRun {
  const own = new Map((options.channels ?? []).map((c) => [c.name, c]));
  return {
    now: options.now,
    startedAt: performance.now(),
    policy: { ...DEFAULT_POLICY, dailyCap: env().ALERT_DAILY_CAP, ...options.policy },
    channel: (name) => own.get(name) ?? alertChannel(name),
    result: { collected: 0, cancelled: 0, released: 0, suppressed: 0, channels: {} },
    log: options.log ?? (() => {}),
    placedStores: storesOnce(),
  };
}

/** The run's clock now: its `now` and the time since it began (a stated wait counts from the answer, not the run's start). */
export function runClock(run: AlertRun): Date {
  return new Date(run.now.getTime() + Math.max(0, Math.round(performance.now() - run.startedAt)));
}

/**
 * While another worker sends an earlier message to the same destination, a job with newer alerts looks again this
 * much later (that worker does not look for them: it sends what it claimed).
 */
const EARLIER_SEND_RECHECK_MS = 2_000;

function count(run: AlertRun, channel: AlertChannelName, what: keyof ChannelCounts): void {
  const counts = (run.result.channels[channel] ??= { sent: 0, digests: 0, failed: 0 });
  counts[what]++;
}

interface Recipient {
  id: number;
  email: string;
  firstName: string;
  mode: 'instant' | 'digest';
  digestHour: number;
  lastDigestAt: Date | null;
  quiet: QuietHours | null;
  quietHoldEmail: boolean;
}

/** The user, if they should get alerts on this channel at all: active, the channel on. */
async function recipient(userId: number, channel: AlertChannelName): Promise<Recipient | null> {
  const [row] = await db.$queryRaw<
    { email: string; first_name: string; mode: 'instant' | 'digest'; digest_hour: number; last_digest_at: Date | null; quiet_start_hour: number | null; quiet_end_hour: number | null; quiet_hold_email: boolean }[]
  >`
    SELECT u.email, u.first_name, c.mode::text AS mode, s.digest_hour, c.last_digest_at, s.quiet_start_hour, s.quiet_end_hour, s.quiet_hold_email
      FROM users u
      JOIN alert_settings s ON s.user_id = u.id
      JOIN alert_channels c ON c.user_id = u.id AND c.channel = ${channel}::"AlertChannel"
     WHERE u.id = ${userId} AND u.status = 'active' AND c.enabled`;
  if (!row) return null;
  return {
    id: userId,
    email: row.email,
    firstName: row.first_name,
    mode: row.mode,
    digestHour: row.digest_hour,
    lastDigestAt: row.last_digest_at,
    quiet: quietOf(row),
    quietHoldEmail: row.quiet_hold_email,
  };
}

const quietOf = (row: { quiet_start_hour: number | null; quiet_end_hour: number | null }): QuietHours | null =>
  row.quiet_start_hour === null || row.quiet_end_hour === null ? null : { start_hour: row.quiet_start_hour, end_hour: row.quiet_end_hour };

/**
 * Delivers what is due for one user on one channel, oldest first: retries that are due (as one message), then every
 * new alert due now (as one message), then the digest if it is due. Nothing while an earlier message to the channel
 * waits for its retry: a job is then due when it does. Never throws for a failed send (recorded, retried); throws
 * on a database error, so the queue retries the job.
 */
export async function deliverFor(run: AlertRun, userId: number, name: AlertChannelName): Promise<void> {
  const channel = run.channel(name);
  const who = channel && (await recipient(userId, name));
  // Nobody to send to: the sweep cancels what waits. Held: the sweep wakes it when quiet hours end.
  if (!channel || !who || heldNow(run.now, name, who.quiet, who.quietHoldEmail)) return;
  await sendDue(run, channel, who);
  if (who.mode === 'digest' && isDigestDue(run.now, who.digestHour, who.lastDigestAt)) await sendDigest(run, channel, who);
}

async function sendDigest(run: AlertRun, channel: AlertChannel, who: Recipient): Promise<void> {
  const batchId = randomUUID();
  const leaseUntil = new Date(run.now.getTime() + run.policy.sendLeaseMs);
  const claimed = await claimDigest(db, channel.name, who.id, batchId, run.now, digestDueAt(run.now, who.digestHour), leaseUntil);
  if (!claimed.length) return;
  // Only beside watched products: a digest is sent when something was logged, never for report gaps alone
  // (decision 023). Until then last_digest_at stays, so the next digest still lists them.
  const gaps = await digestReportGaps(who.id, who.lastDigestAt, run.now);
  await deliverBatch(run, channel, who, batchId, 'digest', claimed, await countSuppressed(db, channel.name, who.id), null, gaps);
}

async function sendDue(run: AlertRun, channel: AlertChannel, who: Recipient): Promise<void> {
  for (;;) {
    const batchId = randomUUID();
    const leaseUntil = new Date(run.now.getTime() + run.policy.sendLeaseMs);
    // Two jobs of one user running at once may both pass the cap check before either sends: one message over, at most.
    const cap = await capState(db, channel.name, who.id, capDay(run.now));
    const decision = capDecision(cap.today, run.policy.dailyCap);
    if (!decision.send) {
      run.result.suppressed += await suppressDue(db, channel.name, who.id, run.now);
      return;
    }
    const now = runClock(run);
    const claimed = await claimDue(db, channel.name, who.id, batchId, now, leaseUntil);
    if (!claimed.length) return waitForEarlier(run, channel.name, who.id, now);
    const outcome = await deliverBatch(run, channel, who, batchId, 'instant', claimed, cap.suppressed, decision.last ? { dailyCap: run.policy.dailyCap } : null);
    // A retry that went out opens the way for what waited behind it: the newer alerts, as the next message.
    if (outcome !== 'sent' || !claimed.some((c) => c.attempts > 1)) return;
  }
}

/**
 * Nothing claimed: if an earlier message holds the destination, a job is due when it no longer does — at its retry
 * (a newer alert's job may have moved the one its failure added), or shortly, while another worker sends it.
 */
async function waitForEarlier(run: AlertRun, channel: AlertChannelName, userId: number, now: Date): Promise<void> {
  const wait = await destinationWait(db, channel, userId, now);
  const at = wait.retryAt ?? (wait.sending ? new Date(now.getTime() + EARLIER_SEND_RECHECK_MS) : null);
  if (at) await db.$queryRaw(addJobsSql([deliverJob(userId, channel, Math.max(1, at.getTime() - runClock(run).getTime()))], { keepEarlierRun: true }));
}

/** Renders and delivers the rows claimed under `batchId` as one message, then records the outcome. */
async function deliverBatch(
  run: AlertRun,
  channel: AlertChannel,
  who: Recipient,
  batchId: string,
  kind: 'instant' | 'digest',
  claimed: Claimed[],
  /** Alerts held back by the daily cap before, counted in this message's "more arrivals" line. */
  earlierSuppressed: number,
  lastForToday: { dailyCap: number } | null,
  reportGaps: ReportGap[] = [],
): Promise<DeliveryOutcome['status']> {
  const arrivals = await withDistances(who.id, await claimedArrivals(claimed.map((c) => c.alert_id)), run.placedStores);
  if (!arrivals.length) {
    await markEnded(db, channel.name, who.id, batchId, 'cancelled', 'the arrival is no longer in the history');
    return 'gone';
  }
  const batch: AlertBatch = {
    userId: who.id,
    email: who.email,
    firstName: who.firstName,
    // A retry of a failed digest is still the digest; everything else is shown as the channel's mode says.
    kind: kind === 'digest' || who.mode === 'digest' ? 'digest' : 'instant',
    content: composeAlert(arrivals, { maxProducts: run.policy.maxProductsPerEmail, earlierSuppressed }),
    lastForToday,
    reportGaps,
  };
  let outcome: DeliveryOutcome;
  try {
    outcome = await channel.deliver(batch);
  } catch (error) {
    outcome = { status: 'retryable', error: (error as Error)?.message ?? String(error) };
  }

  switch (outcome.status) {
    case 'sent':
      await markSent(db, channel.name, who.id, batchId, run.now, earlierSuppressed > 0);
      count(run, channel.name, 'sent');
      if (kind === 'digest') count(run, channel.name, 'digests');
      return outcome.status;
    case 'gone':
      await markEnded(db, channel.name, who.id, batchId, 'cancelled', outcome.reason);
      run.log(`alerts: no ${CHANNEL_LABELS[channel.name].name} destination left for user ${who.id}: ${outcome.reason}`);
      return outcome.status;
    case 'failed':
      await markEnded(db, channel.name, who.id, batchId, 'failed', outcome.error);
      break;
    case 'retryable': {
      // The wait the other side stated (Retry-After, retry_after) counts from its answer; otherwise the backoff.
      const answeredAt = runClock(run);
      const stated = outcome.retryAfterMs;
      let retryAt: Date | null = null;
      for (const attempts of new Set(claimed.map((c) => c.attempts))) {
        const next = stated === undefined ? afterFailure(run.now, attempts, run.policy) : afterStatedWait(answeredAt, attempts, stated);
        await markRetry(db, channel.name, who.id, batchId, attempts, next, outcome.error);
        if (next.status === 'pending' && (!retryAt || next.nextAttemptAt < retryAt)) retryAt = next.nextAttemptAt;
      }
      // A job waits for the next attempt (a waiting job of this user and channel that runs sooner keeps its time).
      if (retryAt) {
        await db.$queryRaw(addJobsSql([deliverJob(who.id, channel.name, retryAt.getTime() - runClock(run).getTime())], { keepEarlierRun: true }));
      }
      break;
    }
  }
  count(run, channel.name, 'failed');
  run.log(`alerts: ${CHANNEL_LABELS[channel.name].name} to user ${who.id} failed: ${outcome.error}`);
  return outcome.status;
}

/**
 * What a worker does every minute, after a crash and in every scraper run: sends cut short by a stopped process
 * become due again once their lease ends, alerts nobody should get any more are dropped, and a delivery job is
 * added for every user and channel with something due now (retries, digests at their hour, quiet hours over).
 */
export async function sweepAlerts(run: AlertRun): Promise<void> {
  const wake = [];
  const dueAt = Array.from({ length: 24 }, (_, hour) => digestDueAt(run.now, hour));
  // A channel this process cannot deliver on is left to a worker that can.
  for (const name of ALERT_CHANNELS.filter((c) => run.channel(c))) {
    run.result.released += await releaseInterrupted(db, name, run.now, run.policy.maxAttempts);
    run.result.cancelled += await cancelIneligible(db, name);
    for (const w of await waitingUsers(db, name, run.now, dueAt)) {
      const due = wakeNow(run.now, name, {
        quiet: quietOf(w),
        holdEmail: w.quiet_hold_email,
        dueNow: w.due_now,
        forDigest: w.for_digest && w.mode === 'digest',
        digestHour: w.digest_hour,
        lastDigestAt: w.last_digest_at,
      });
      if (due) wake.push(deliverJob(w.user_id, name));
    }
  }
  if (wake.length) await db.$queryRaw(addJobsSql(wake));
}

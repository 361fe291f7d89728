import { randomUUID } from 'node:crypto';
import { db } from '../db/index.ts';
import { addJobsSql } from '../db/queue.ts';
import { env } from '../env.ts';
import type { MailMessage, SendResult } from '../mail/index.ts';
import { alertChannel } from './channels/index.ts';
import { emailChannel } from './channels/email.ts';
import type { AlertBatch, AlertChannel, DeliveryOutcome } from './channels/types.ts';
import { claimedArrivals } from './claimed.ts';
import { composeAlert } from './compose.ts';
import { deliverJob } from './jobs.ts';
import {
  cancelIneligible,
  capState,
  claimDigest,
  claimDue,
  countSuppressed,
  ledger,
  markEnded,
  markRetry,
  markSent,
  releaseInterrupted,
  suppressDue,
  waitingUsers,
  type Claimed,
  type Ledger,
} from './ledger.ts';
import { afterFailure, capDay, capDecision, DEFAULT_POLICY, digestDueAt, heldNow, isDigestDue, wakeNow, type AlertPolicy, type QuietHours } from './policy.ts';
import { digestReportGaps, type ReportGap } from './report-days.ts';
import { ALERT_CHANNELS, type AlertChannelName } from './rules.ts';

// Delivery, one user and channel at a time: what a queue job (lib/alerts/worker.ts) does. The same rules on every
// channel: nothing for a user who is not active or turned alerts or the channel off; digests at the digest hour;
// push and Discord (and e-mail, if the user chose) held during quiet hours; one message per run with everything
// due; the daily cap; retries with backoff; a claim under a lease so nothing goes out twice (lib/alerts/ledger.ts).

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
  /** The e-mail channel's counts, as they were before channels. */
  emailsSent: number;
  emailsFailed: number;
  digestsSent: number;
}

/** One pass of work: its clock (a job's start, or a scraper run's check time), rules, channels and tallies. */
export interface AlertRun {
  now: Date;
  policy: AlertPolicy;
  channel: (name: AlertChannelName) => AlertChannel | undefined;
  result: ProcessResult;
  log: (line: string) => void;
}

export interface RunOptions {
  now: Date;
  log?: (line: string) => void;
  policy?: Partial<AlertPolicy>;
  /** How e-mails leave (tests replace it; the ingest benchmark counts instead of sending). */
  send?: (message: MailMessage) => Promise<SendResult>;
}

export function newRun(options: RunOptions): AlertRun {
  const email = options.send ? emailChannel(options.send) : undefined;
  return {
    now: options.now,
    policy: { ...DEFAULT_POLICY, dailyCap: env().ALERT_DAILY_CAP, ...options.policy },
    channel: (name) => (name === 'email' && email) || alertChannel(name),
    result: { collected: 0, cancelled: 0, released: 0, suppressed: 0, channels: {}, emailsSent: 0, emailsFailed: 0, digestsSent: 0 },
    log: options.log ?? (() => {}),
  };
}

function count(run: AlertRun, channel: AlertChannelName, what: keyof ChannelCounts): void {
  const counts = (run.result.channels[channel] ??= { sent: 0, digests: 0, failed: 0 });
  counts[what]++;
  if (channel === 'email') run.result[({ sent: 'emailsSent', digests: 'digestsSent', failed: 'emailsFailed' } as const)[what]]++;
}

const CHANNEL_WORD: Record<AlertChannelName, string> = { email: 'e-mail', push: 'push notification', discord: 'Discord message' };

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

/** The user, if they should get alerts on this channel at all: active, alerts on, the channel on. */
async function recipient(userId: number, channel: AlertChannelName): Promise<Recipient | null> {
  const [row] = await db.$queryRaw<
    { email: string; first_name: string; mode: 'instant' | 'digest'; digest_hour: number; last_digest_at: Date | null; quiet_start_hour: number | null; quiet_end_hour: number | null; quiet_hold_email: boolean }[]
  >`
    SELECT u.email, u.first_name, c.mode::text AS mode, s.digest_hour, c.last_digest_at, s.quiet_start_hour, s.quiet_end_hour, s.quiet_hold_email
      FROM users u
      JOIN alert_settings s ON s.user_id = u.id
      JOIN alert_channels c ON c.user_id = u.id AND c.channel = ${channel}::"AlertChannel"
     WHERE u.id = ${userId} AND u.status = 'active' AND s.enabled AND c.enabled`;
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
 * Delivers what is due for one user on one channel: the digest if it is due, then every alert due now (new
 * ones and retries) as one message. Never throws for a failed send (recorded, retried); throws on a database
 * error, so the queue retries the job.
 */
export async function deliverFor(run: AlertRun, userId: number, name: AlertChannelName): Promise<void> {
  const l = ledger(name);
  const channel = run.channel(name);
  const who = channel && (await recipient(userId, name));
  // Nobody to send to: the sweep cancels what waits. Held: the sweep wakes it when quiet hours end.
  if (!channel || !who || heldNow(run.now, name, who.quiet, who.quietHoldEmail)) return;
  if (who.mode === 'digest' && isDigestDue(run.now, who.digestHour, who.lastDigestAt)) await sendDigest(run, channel, l, who);
  await sendDue(run, channel, l, who);
}

async function sendDigest(run: AlertRun, channel: AlertChannel, l: Ledger, who: Recipient): Promise<void> {
  const batchId = randomUUID();
  const leaseUntil = new Date(run.now.getTime() + run.policy.sendLeaseMs);
  const claimed = await claimDigest(db, l, who.id, batchId, run.now, digestDueAt(run.now, who.digestHour), leaseUntil);
  if (!claimed.length) return;
  // Only beside watched products: a digest is sent when something was logged, never for report gaps alone
  // (decision 023). Until then last_digest_at stays, so the next digest still lists them.
  const gaps = await digestReportGaps(who.id, who.lastDigestAt, run.now);
  await deliverBatch(run, channel, l, who, batchId, 'digest', claimed, await countSuppressed(db, l, who.id), null, gaps);
}

async function sendDue(run: AlertRun, channel: AlertChannel, l: Ledger, who: Recipient): Promise<void> {
  const batchId = randomUUID();
  const leaseUntil = new Date(run.now.getTime() + run.policy.sendLeaseMs);
  // Two jobs of one user running at once may both pass the cap check before either sends: one message over, at most.
  const cap = await capState(db, l, who.id, capDay(run.now));
  const decision = capDecision(cap.today, run.policy.dailyCap);
  if (!decision.send) {
    run.result.suppressed += await suppressDue(db, l, who.id, run.now);
    return;
  }
  const claimed = await claimDue(db, l, who.id, batchId, run.now, leaseUntil);
  if (claimed.length) {
    await deliverBatch(run, channel, l, who, batchId, 'instant', claimed, cap.suppressed, decision.last ? { dailyCap: run.policy.dailyCap } : null);
  }
}

/** Renders and delivers the rows claimed under `batchId` as one message, then records the outcome. */
async function deliverBatch(
  run: AlertRun,
  channel: AlertChannel,
  l: Ledger,
  who: Recipient,
  batchId: string,
  kind: 'instant' | 'digest',
  claimed: Claimed[],
  /** Alerts held back by the daily cap before, counted in this message's "more arrivals" line. */
  earlierSuppressed: number,
  lastForToday: { dailyCap: number } | null,
  reportGaps: ReportGap[] = [],
): Promise<void> {
  const arrivals = await claimedArrivals(claimed.map((c) => c.alert_id));
  if (!arrivals.length) {
    await markEnded(db, l, who.id, batchId, 'cancelled', 'the arrival is no longer in the history');
    return;
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
      await markSent(db, l, who.id, batchId, run.now, earlierSuppressed > 0);
      count(run, l.channel, 'sent');
      if (kind === 'digest') count(run, l.channel, 'digests');
      return;
    case 'gone':
      await markEnded(db, l, who.id, batchId, 'cancelled', outcome.reason);
      run.log(`alerts: no ${CHANNEL_WORD[l.channel]} destination left for user ${who.id}: ${outcome.reason}`);
      return;
    case 'failed':
      await markEnded(db, l, who.id, batchId, 'failed', outcome.error);
      break;
    case 'retryable': {
      let retryAt: Date | null = null;
      for (const attempts of new Set(claimed.map((c) => c.attempts))) {
        const next = afterFailure(run.now, attempts, run.policy);
        if (outcome.retryAfterMs !== undefined && next.status === 'pending') {
          next.nextAttemptAt = new Date(Math.max(next.nextAttemptAt.getTime(), run.now.getTime() + outcome.retryAfterMs));
        }
        await markRetry(db, l, who.id, batchId, attempts, next, outcome.error);
        if (next.status === 'pending' && (!retryAt || next.nextAttemptAt < retryAt)) retryAt = next.nextAttemptAt;
      }
      // A job waits for the next attempt (a waiting job of this user and channel that runs sooner keeps its time).
      if (retryAt) {
        await db.$queryRaw(addJobsSql([deliverJob(who.id, l.channel, retryAt.getTime() - run.now.getTime())], { keepEarlierRun: true }));
      }
      break;
    }
  }
  count(run, l.channel, 'failed');
  run.log(`alerts: ${CHANNEL_WORD[l.channel]} to user ${who.id} failed: ${outcome.error}`);
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
    const l = ledger(name);
    run.result.released += await releaseInterrupted(db, l, run.now, run.policy.maxAttempts);
    run.result.cancelled += await cancelIneligible(db, l);
    for (const w of await waitingUsers(db, l, run.now, dueAt)) {
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

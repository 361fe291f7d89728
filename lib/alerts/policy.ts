import { addDays, nyDate, nyParts, nyTimeToUtc } from '../time.ts';
import { inQuietHours, type AlertChannelName, type QuietHoursDto } from './rules.ts';

// The rules of arrival alerts as plain values and pure functions, so they are tested without a database:
// how many e-mails a day, how failed sends back off, when a digest is due, what quiet hours hold.

export interface AlertPolicy {
  /** Alert e-mails a user gets per New York day; later arrivals that day are suppressed and counted. */
  dailyCap: number;
  /** Products listed one by one in an e-mail; the rest are summed up in the "more arrivals" line. */
  maxProductsPerEmail: number;
  /** Send attempts before an alert is given up as failed. */
  maxAttempts: number;
  /** Wait after the first failed attempt; doubled after each further one. */
  retryBaseMs: number;
  /** A claimed send not finished after this long was cut short (process stopped) and is retried. */
  sendLeaseMs: number;
  /**
   * Where the very first collection starts (later ones start at alert_cursor, so a failed alert step is
   * caught up however long it failed): older history, such as a backfill or demo data, is not news.
   */
  lookbackMs: number;
}

export const DEFAULT_POLICY: AlertPolicy = {
  dailyCap: 10,
  maxProductsPerEmail: 20,
  maxAttempts: 5,
  retryBaseMs: 5 * 60_000,
  sendLeaseMs: 20 * 60_000,
  lookbackMs: 60 * 60_000,
};

/**
 * When to try again after the `attempts`-th failed attempt (1-based): 5, 10, 20, 40 … minutes later.
 * Range: retryBaseMs × 2^0..2^10 after `now`, whatever `attempts` holds.
 */
export function nextAttemptAt(now: Date, attempts: number, policy: Pick<AlertPolicy, 'retryBaseMs'> = DEFAULT_POLICY): Date {
  // Guard: a NaN count (a bad row) made 2^NaN and an invalid date; it waits as after the first attempt.
  const exponent = Math.max(0, Math.min(attempts - 1, 10)) || 0;
  return new Date(now.getTime() + policy.retryBaseMs * 2 ** exponent);
}

/** After a failed attempt: retry later, or give up once the attempts are used up. */
export function afterFailure(now: Date, attempts: number, policy: Pick<AlertPolicy, 'retryBaseMs' | 'maxAttempts'> = DEFAULT_POLICY) {
  return attempts >= policy.maxAttempts
    ? { status: 'failed' as const, nextAttemptAt: now }
    : { status: 'pending' as const, nextAttemptAt: nextAttemptAt(now, attempts, policy) };
}

export type CapDecision =
  /** Send; `last` when this e-mail uses up the day's allowance (it says so). */
  | { send: true; last: boolean }
  /** Do not send: the day's allowance is used up. */
  | { send: false };

/** Whether an instant alert e-mail may go out, given how many the user already got today. */
export function capDecision(sentToday: number, dailyCap: number): CapDecision {
  if (sentToday >= dailyCap) return { send: false };
  return { send: true, last: sentToday + 1 === dailyCap };
}

/** The New York day of `now` as a UTC range: what "today" means for the daily cap. */
export function capDay(now: Date): { start: Date; end: Date } {
  const today = nyDate(now);
  return { start: nyTimeToUtc(today, 0), end: nyTimeToUtc(addDays(today, 1), 0) };
}

/**
 * The latest instant at which the user's digest was due: today at `digestHour` New York time when that
 * has passed, otherwise yesterday's. A digest is sent when none went out since this instant, so an hour
 * with no scraper cycle (the scraper runs 07:00-21:00) is caught up by the next cycle.
 */
export function digestDueAt(now: Date, digestHour: number): Date {
  const today = nyDate(now);
  const day = nyParts(now).hour >= digestHour ? today : addDays(today, -1);
  return nyTimeToUtc(day, digestHour);
}

export function isDigestDue(now: Date, digestHour: number, lastDigestAt: Date | null): boolean {
  const due = digestDueAt(now, digestHour);
  return now >= due && (!lastDigestAt || lastDigestAt < due);
}

export type QuietHours = Pick<QuietHoursDto, 'start_hour' | 'end_hour'>;

/** Quiet hours (New York time) hold push and Discord always, e-mail when the user chose so. */
export function heldNow(now: Date, channel: AlertChannelName, quiet: QuietHours | null, holdEmail: boolean): boolean {
  return (channel !== 'email' || holdEmail) && inQuietHours(nyParts(now).hour, quiet);
}

/** Whether a user's waiting alerts on a channel should go now: not held, and due now or the channel's digest due. */
export function wakeNow(
  now: Date,
  channel: AlertChannelName,
  w: { quiet: QuietHours | null; holdEmail: boolean; dueNow: boolean; forDigest: boolean; digestHour: number; lastDigestAt: Date | null },
): boolean {
  if (heldNow(now, channel, w.quiet, w.holdEmail)) return false;
  return w.dueNow || (w.forDigest && isDigestDue(now, w.digestHour, w.lastDigestAt));
}

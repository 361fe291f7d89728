import { addDays, nyDate, nyParts, nyTimeToUtc } from '../time.ts';
import { inQuietHours, QUIET_HOURS_HOLD, type AlertChannelName, type QuietHoursDto } from './rules.ts';

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

/** Quiet hours (New York time) hold a channel always, or when the user asked (QUIET_HOURS_HOLD). */
export function heldNow(now: Date, channel: AlertChannelName, quiet: QuietHours | null, holdAsked: boolean): boolean {
  return (QUIET_HOURS_HOLD[channel] === 'always' || holdAsked) && inQuietHours(nyParts(now).hour, quiet);
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

// ── A wait the other side stated ──
// A push service's Retry-After or Discord's retry_after (a 429, or a 503 saying when to come back) is the wait:
// the retry goes out once it is over, not at the backoff (which was 5 minutes and more for a wait of 2.5 s).
// Messages to one destination keep their order meanwhile (lib/alerts/ledger.ts claimDue).

/**
 * The longest stated wait honoured: a longer one (a proxy's "come back tomorrow", a ban) is retried after ten minutes,
 * and waits again if it is refused again.
 */
export const RATE_LIMIT_MAX_WAIT_MS = 10 * 60_000;
/** The shortest: a stated wait of 0 or a few milliseconds is a second, so a refusal never turns into a tight loop. */
export const RATE_LIMIT_MIN_WAIT_MS = 1_000;
/**
 * Attempts before an alert whose destination keeps stating waits is given up. More than `maxAttempts`: the waits
 * are short and the other side asked for them (a Discord channel shared by many webhooks refuses some of them for a
 * while), but not forever.
 */
export const RATE_LIMITED_MAX_ATTEMPTS = 20;

/** The stated wait as it is honoured: within RATE_LIMIT_MIN_WAIT_MS and RATE_LIMIT_MAX_WAIT_MS. */
export function statedWaitMs(waitMs: number): number {
  if (Number.isNaN(waitMs)) return RATE_LIMIT_MAX_WAIT_MS;
  return Math.min(RATE_LIMIT_MAX_WAIT_MS, Math.max(RATE_LIMIT_MIN_WAIT_MS, waitMs));
}

/**
 * After the `attempts`-th attempt (1-based) was refused with a stated wait, at `answeredAt`: try again once the wait
 * is over, or give up once RATE_LIMITED_MAX_ATTEMPTS are used.
 */
export function afterStatedWait(answeredAt: Date, attempts: number, waitMs: number) {
  return attempts >= RATE_LIMITED_MAX_ATTEMPTS
    ? { status: 'failed' as const, nextAttemptAt: answeredAt }
    : { status: 'pending' as const, nextAttemptAt: new Date(answeredAt.getTime() + statedWaitMs(waitMs)) };
}

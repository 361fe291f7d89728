import type { AlertContent } from '../compose.ts';
import type { ReportGap } from '../report-days.ts';
import type { AlertChannelName } from '../rules.ts';

// A channel of the one alert pipeline (lib/alerts/deliver.ts): it renders one user's batch of alerts, the same
// composed content on every channel, and delivers it, saying how that went. The pipeline owns everything else:
// which alerts, when (instant, digest, quiet hours), the daily cap, claims, retries and never sending twice.

/** What one message says: one user's claimed alerts on one channel. */
export interface AlertBatch {
  userId: number;
  email: string;
  firstName: string;
  /** A digest (the daily summary, or a retry of one) or the alerts of a run. */
  kind: 'instant' | 'digest';
  content: AlertContent;
  /** This message uses up the day's allowance on this channel (it says so). */
  lastForToday: { dailyCap: number } | null;
  /** A digest's days without a whole shipment report for the user's boards. */
  reportGaps: ReportGap[];
}

export type DeliveryOutcome =
  /** Delivered (accepted by the mail server, the push service, Discord). */
  | { status: 'sent' }
  /** Nowhere to deliver any more (no device left, the webhook was deleted): not retried. */
  | { status: 'gone'; reason: string }
  /** Failed for now: retried with backoff, or after `retryAfterMs` when the other side said so. */
  | { status: 'retryable'; error: string; retryAfterMs?: number }
  /** Failed in a way a retry cannot fix: given up at once. */
  | { status: 'failed'; error: string };

export interface AlertChannel {
  name: AlertChannelName;
  deliver(batch: AlertBatch): Promise<DeliveryOutcome>;
}

import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { retryAfterSeconds } from '../../retry-after.ts';
import { db } from '../../../db/index.ts';
import { endpointProblem, isTestOrigin, publicOnlyLookup } from './endpoint.ts';
import type { PushPayload, PushTestResult } from './rules.ts';
import { vapidAuthorization } from './vapid.ts';

// Sends one Web Push message: web-push encrypts the payload to the browser's keys (RFC 8291, aes128gcm) and
// signs the request with our VAPID key (RFC 8292); the request itself goes out here, so the address it
// connects to is checked (./endpoint.ts) and a slow push service cannot hold a sender for long.
// Real alerts reach it through the push channel of the alert pipeline (./index.ts), which
// retries what comes back 'failed' and retryable.

/** An arrival is stale after a few hours: a push service drops the message if the device is away longer. */
export const PUSH_TTL_SECONDS = 6 * 3600;
const TIMEOUT_MS = 10_000;

/** A stored subscription (push_subscriptions). */
export interface StoredSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { outcome: 'sent'; status: number }
  /** 404/410: the browser unsubscribed or the subscription expired; the row is deleted. */
  | { outcome: 'gone'; status: number }
  /** retryable: a 429, a 5xx, a timeout or a network error; otherwise retrying the same request cannot help. */
  | { outcome: 'failed'; status: number | null; retryable: boolean; retryAfterSeconds?: number; error: string };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null): Promise<Answer> {
  const url = new URL(endpoint);
  const test = isTestOrigin(endpoint);
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      // Only a configured test push service may be on this machine; any other name must resolve to public addresses.
      { method: 'POST', headers, timeout: TIMEOUT_MS, ...(test ? {} : { lookup: publicOnlyLookup }) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8').slice(0, 500) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/** What the push service's answer means for this subscription. */
export function outcomeOf(answer: Answer): PushOutcome {
  const { status } = answer;
  if (status >= 200 && status < 300) return { outcome: 'sent', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  const error = `push service answered ${status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`;
  if (status === 429 || status >= 500) {
    // Retry-After (seconds or a date) is the wait before the alert pipeline tries again (lib/alerts/policy.ts afterStatedWait).
    const wait = retryAfterSeconds(answer.headers['retry-after']);
    return { outcome: 'failed', status, retryable: true, ...(wait === undefined ? {} : { retryAfterSeconds: wait }), error };
  }
  return { outcome: 'failed', status, retryable: false, error };
}

/**
 * Sends `payload` to one subscription and records the outcome on its row: the time of the last success or
 * failure (and failures since the last success), or the row deleted when the subscription is gone.
 */
export async function sendPush(sub: StoredSubscription, payload: PushPayload): Promise<PushOutcome> {
  let outcome: PushOutcome;
  const problem = endpointProblem(sub.endpoint);
  if (problem) {
    // Stored before the configuration changed (PUSH_TEST_ORIGINS): never sent to.
    outcome = { outcome: 'failed', status: null, retryable: false, error: problem };
  } else {
    try {
      const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        // No vapidDetails: the header is signed once per push service and reused (vapidAuthorization).
        headers: { Authorization: vapidAuthorization(new URL(sub.endpoint).origin) },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        ...(payload.tag ? { topic: topicOf(payload.tag) } : {}),
      });
      outcome = outcomeOf(await post(details.endpoint, details.headers as Record<string, string | number>, details.body as Buffer | null));
    } catch (error) {
      outcome = { outcome: 'failed', status: null, retryable: true, error: (error as Error).message };
    }
  }
  await record(sub.id, outcome);
  return outcome;
}

/** A push topic (RFC 8030: at most 32 base64url characters) from a tag: a newer message replaces a queued one. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);

async function record(id: number, outcome: PushOutcome): Promise<void> {
  const now = new Date();
  if (outcome.outcome === 'gone') await db.pushSubscription.deleteMany({ where: { id } });
  else if (outcome.outcome === 'sent') await db.pushSubscription.updateMany({ where: { id }, data: { lastSuccessAt: now, failureCount: 0, lastError: null } });
  else await db.pushSubscription.updateMany({ where: { id }, data: { lastFailureAt: now, failureCount: { increment: 1 }, lastError: outcome.error.slice(0, 300) } });
}

/** Sends `payload` to every device of an active user (none for a pending or disabled one), side by side. */
export async function sendPushToUser(userId: number, payload: PushPayload, options: { deviceId?: number } = {}): Promise<PushTestResult & { outcomes: PushOutcome[] }> {
  const subs = await db.pushSubscription.findMany({
    where: { userId, user: { status: 'active' }, ...(options.deviceId === undefined ? {} : { id: options.deviceId }) },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
  });
  return summarize(await Promise.all(subs.map((sub) => sendPush(sub, payload))));
}

export function summarize(outcomes: PushOutcome[]): PushTestResult & { outcomes: PushOutcome[] } {
  const count = (kind: PushOutcome['outcome']) => outcomes.filter((o) => o.outcome === kind).length;
  return { sent: count('sent'), removed: count('gone'), failed: count('failed'), outcomes };
}

import { sendPushToUser } from './send.ts';
import { renderPush } from './render.ts';
import type { AlertChannel, DeliveryOutcome } from '../types.ts';

// The Web Push channel: the alert as a phone notification (renderPush) to every device the user turned
// notifications on for (./send.ts; a device the push service says is gone is deleted there).
// One message is one notification per device: once any device has it, the message is sent, and a retry
// would show it twice on that one, so a device that failed alongside only records its failure on its row.

export function pushChannel(send: typeof sendPushToUser = sendPushToUser): AlertChannel {
  return {
    name: 'push',
    async deliver(batch): Promise<DeliveryOutcome> {
      const { sent, removed, outcomes } = await send(batch.userId, renderPush({ kind: batch.kind, content: batch.content }));
      if (sent > 0) return { status: 'sent' };
      if (!outcomes.length) return { status: 'gone', reason: 'no device has notifications on' };
      const failures = outcomes.flatMap((o) => (o.outcome === 'failed' ? [o] : []));
      if (!failures.length) return { status: 'gone', reason: `every device stopped notifications (${removed} removed)` };
      const error = failures.map((f) => f.error).join('; ');
      const retryable = failures.filter((f) => f.retryable);
      if (!retryable.length) return { status: 'failed', error };
      const waits = retryable.map((f) => f.retryAfterSeconds).filter((s): s is number => s !== undefined);
      return { status: 'retryable', error, ...(waits.length ? { retryAfterMs: Math.max(...waits) * 1000 } : {}) };
    },
  };
}

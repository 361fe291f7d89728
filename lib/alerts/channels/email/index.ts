import { sendMail, type MailMessage, type SendResult } from '../../../mail/index.ts';
import { alertEmail } from './render.ts';
import type { AlertChannel } from '../types.ts';

// The e-mail channel: the alert e-mail (./render.ts, with its unsubscribe link: ./unsubscribe.ts) through sendMail.
// A refused or failed send is retried until the pipeline's attempts are used up, as before channels.

export function emailChannel(send: (message: MailMessage) => Promise<SendResult> = sendMail): AlertChannel {
  return {
    name: 'email',
    async deliver(batch) {
      const message = alertEmail({
        to: batch.email,
        userId: batch.userId,
        firstName: batch.firstName,
        kind: batch.kind,
        content: batch.content,
        lastForToday: batch.lastForToday ?? undefined,
        reportGaps: batch.reportGaps,
      });
      const result = await send(message);
      return result.ok ? { status: 'sent' } : { status: 'retryable', error: result.error };
    },
  };
}

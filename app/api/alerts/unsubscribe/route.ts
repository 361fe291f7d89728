import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { checkUnsubscribe, confirmUnsubscribe } from '@/lib/alerts/channels/email/unsubscribe';

// The unsubscribe link of every alert e-mail, without signing in. GET only checks the link (mail
// scanners open links and must not unsubscribe anyone); POST turns the alerts off.

const token = z.string().max(200);

export const GET = route({ access: 'public', query: z.object({ token }) }, async ({ query }) => ({
  success: true,
  valid: true,
  ...(await checkUnsubscribe(query.token)),
}));

export const POST = route({ access: 'public', body: z.object({ token }) }, async ({ body }) => {
  await confirmUnsubscribe(body.token);
  return { success: true, message: ALERT_MESSAGES.unsubscribed };
});

import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { pushTestMessage } from '@/lib/alerts/channels/push/rules';
import { sendTestPush } from '@/lib/alerts/channels/push/test-message';

const body = z.object({ device_id: z.number().int().positive().optional() });

/** A test notification to one of the user's devices ({ device_id }) or all of them ({}). */
export const POST = route({ access: 'user', body }, async ({ user, body }) => {
  const result = await sendTestPush(user.id, body.device_id);
  return { success: true, ...result, message: pushTestMessage(result) };
});

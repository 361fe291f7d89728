import { clientIp, route } from '@/lib/api/handler';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { emailOnlySchema } from '@/lib/auth/schemas';

export const POST = route({ access: 'public', body: emailOnlySchema }, async ({ req, body }) => {
  await consumeRateLimit('reset_request', clientIp(req)); // per address; per e-mail: requestPasswordReset
  return { success: true, message: await requestPasswordReset(body.email) };
});

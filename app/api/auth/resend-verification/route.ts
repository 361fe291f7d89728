import { clientIp, route } from '@/lib/api/handler';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { emailOnlySchema } from '@/lib/auth/schemas';
import { resendVerification } from '@/lib/auth/verification';

export const POST = route({ access: 'public', body: emailOnlySchema }, async ({ req, body }) => {
  await consumeRateLimit('resend', clientIp(req));
  await resendVerification(body.email);
  return { success: true, message: 'A new verification code has been sent to your email.' };
});

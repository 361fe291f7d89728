import { clientIp, route } from '@/lib/api/handler';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { verifyEmailSchema } from '@/lib/auth/schemas';
import { verifyEmailCode } from '@/lib/auth/verification';

export const POST = route({ access: 'public', body: verifyEmailSchema }, async ({ req, body }) => {
  await consumeRateLimit('verify', clientIp(req));
  await verifyEmailCode(body.email, body.code, body.registration);
  return { success: true, message: 'Email verified successfully. Your account is now awaiting admin approval.' };
});

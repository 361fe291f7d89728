import { SuccessCode } from '@/lib/api/error-codes';
import { clientIp, route } from '@/lib/api/handler';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { verifyEmailSchema } from '@/lib/auth/schemas';
import { VERIFY_MESSAGES, verifyEmailCode } from '@/lib/auth/verification';

export const POST = route({ access: 'public', body: verifyEmailSchema }, async ({ req, body }) => {
  await consumeRateLimit('verify', clientIp(req));
  const { choosePassword } = await verifyEmailCode(body.email, body.code);
  // CHOOSE_PASSWORD: the address was registered more than once; the link to choose a password is mailed.
  return choosePassword
    ? { success: true, code: SuccessCode.CHOOSE_PASSWORD, message: VERIFY_MESSAGES.choosePassword }
    : { success: true, message: VERIFY_MESSAGES.verified };
});

import { clientIp, route } from '@/lib/api/handler';
import { authenticate, loginSchema } from '@/lib/auth/login';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { startSession } from '@/lib/auth/session';

export const POST = route({ access: 'public', body: loginSchema }, async ({ req, cookies, body }) => {
  await consumeRateLimit('login_ip', clientIp(req));
  await consumeRateLimit('login_email', body.email);
  const userId = await authenticate(body.email, body.password);
  await startSession(cookies, userId, { ip: clientIp(req), userAgent: req.headers.get('user-agent') });
  return { success: true };
});

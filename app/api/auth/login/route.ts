import { clientIp, route } from '@/lib/api/handler';
import { logIn, loginSchema } from '@/lib/auth/login';
import { startSession } from '@/lib/auth/session';

export const POST = route({ access: 'public', body: loginSchema }, async ({ req, cookies, body }) => {
  const ip = clientIp(req);
  const userId = await logIn(body.email, body.password, ip);
  await startSession(cookies, userId, { ip, userAgent: req.headers.get('user-agent') });
  return { success: true };
});

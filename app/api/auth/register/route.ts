import { NextResponse } from 'next/server';
import { clientIp, route } from '@/lib/api/handler';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { register } from '@/lib/auth/registration';
import { registerSchema } from '@/lib/auth/schemas';

export const POST = route({ access: 'public', body: registerSchema }, async ({ req, body }) => {
  await consumeRateLimit('register', clientIp(req));
  const result = await register(body);
  return NextResponse.json({ success: true, ...result }, { status: 201 });
});

import { route } from '@/lib/api/handler';
import { endSession } from '@/lib/auth/session';

// Public on purpose: logging out with an already-expired session still clears the cookie.
export const POST = route({ access: 'public' }, async ({ cookies }) => {
  await endSession(cookies);
  return { success: true };
});

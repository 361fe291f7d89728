import { route } from '@/lib/api/handler';
import { consumeRateLimit } from '@/lib/auth/rate-limit';
import { changePasswordSchema } from '@/lib/auth/schemas';
import { changePassword } from '@/lib/users/profile';

export const POST = route({ access: 'user', body: changePasswordSchema }, async ({ user, body }) => {
  // A stolen session must not become a way to guess the current password without limit.
  await consumeRateLimit('change_password', String(user.id));
  await changePassword(user.id, user.sessionId, body.old_password, body.new_password);
  return { success: true, message: 'Password changed successfully.' };
});

import { route } from '@/lib/api/handler';
import { resetPassword } from '@/lib/auth/password-reset';
import { resetPasswordSchema } from '@/lib/auth/schemas';

export const POST = route({ access: 'public', body: resetPasswordSchema }, async ({ body }) => {
  await resetPassword(body.token, body.newPassword);
  return { success: true, message: 'Your password has been reset. You can now log in.' };
});

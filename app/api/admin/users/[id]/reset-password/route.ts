import { route } from '@/lib/api/handler';
import { sendAdminPasswordReset } from '@/lib/admin/users';
import { userIdParams } from '@/lib/auth/schemas';

export const POST = route({ access: 'staff', params: userIdParams }, async ({ user, params }) => ({
  success: true,
  message: await sendAdminPasswordReset(user, params.id),
}));

import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { setUserRole } from '@/lib/admin/users';
import { userIdParams } from '@/lib/auth/schemas';

const body = z.object({ role: z.enum(['user', 'power_user', 'admin'], { error: 'Role must be user, power_user or admin' }) });

export const PATCH = route({ access: 'staff', params: userIdParams, body }, async ({ user, params, body }) => ({
  success: true,
  user: await setUserRole(user, params.id, body.role),
}));

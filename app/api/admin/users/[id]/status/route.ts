import { z } from 'zod';
import { route } from '@/lib/api/handler';
import { setUserActive } from '@/lib/admin/users';
import { userIdParams } from '@/lib/auth/schemas';

const body = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

export const PATCH = route({ access: 'staff', params: userIdParams, body }, async ({ user, params, body }) => ({
  success: true,
  user: await setUserActive(user, params.id, body.isActive),
}));

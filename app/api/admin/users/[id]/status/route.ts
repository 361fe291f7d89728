import { route } from '@/lib/api/handler';
import { setUserActive, statusBody } from '@/lib/admin/users';
import { userIdParams } from '@/lib/auth/schemas';

/** { isActive: boolean } (the spec's), or { status: "active" | "disabled" } (other clients of the API). */
export const PATCH = route({ access: 'staff', params: userIdParams, body: statusBody }, async ({ user, params, body }) => ({
  success: true,
  user: await setUserActive(user, params.id, body.isActive),
}));

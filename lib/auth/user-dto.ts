import type { SessionUser } from './session.ts';

/** The who-am-I response (spec section 3): what the client stores as the user. */
export function toWhoami(user: SessionUser) {
  return {
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    role: user.role,
    status: user.status,
  };
}

export type WhoamiUser = ReturnType<typeof toWhoami>;

/** Staff: admins and power users, who see /admin and pin stores' places. */
export const isStaffRole = (role: string | null | undefined) => role === 'admin' || role === 'power_user';

import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { HOME_BOARD } from '../auth/schemas.ts';
import { ApiError, foundOrThrow } from '../api/errors.ts';
import { db } from '../db/index.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { storeNewPassword } from '../auth/credentials.ts';
import type { Profile } from './types.ts';

const toProfile = (u: { firstName: string; lastName: string; email: string; phoneNumber: string | null; homeBoardId: number | null }): Profile => ({
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  phone_number: u.phoneNumber,
  home_board_id: u.homeBoardId,
});

/** A user looked up by id, or the answer every user lookup gives when there is none. */
export const userOrThrow = <T>(found: T) => foundOrThrow(found, 'User not found', ErrorCode.USER_NOT_FOUND);

export async function getProfile(userId: number): Promise<Profile> {
  return toProfile(userOrThrow(await db.user.findUnique({ where: { id: userId } })));
}

/** Names, phone and home board (left out: unchanged): the e-mail is managed by the system. */
export async function updateProfile(
  userId: number,
  input: { firstName: string; lastName: string; phoneNumber: string | null; homeBoardId?: number | null },
): Promise<Profile> {
  if (input.homeBoardId != null && !(await db.board.findUnique({ where: { id: input.homeBoardId }, select: { id: true } }))) {
    throw new ApiError('bad_request', HOME_BOARD);
  }
  const user = await db.user.update({
    where: { id: userId },
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      ...(input.homeBoardId === undefined ? {} : { homeBoardId: input.homeBoardId }),
    },
  });
  return toProfile(user);
}

export const CHANGE_PASSWORD_ERRORS = {
  wrongCurrent: 'Current password is incorrect.',
  same: 'New password must be different from the current password.',
} as const;

/** Checks the current password, stores the new one and ends the user's other sessions and reset links. */
export async function changePassword(userId: number, currentSessionId: string, oldPassword: string, newPassword: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) {
    throw new ApiError('bad_request', CHANGE_PASSWORD_ERRORS.wrongCurrent);
  }
  if (oldPassword === newPassword) throw new ApiError('bad_request', CHANGE_PASSWORD_ERRORS.same);
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await storeNewPassword(tx, userId, passwordHash, currentSessionId);
    await tx.auditLog.create({ data: { actorId: userId, targetUserId: userId, action: 'password_changed' } });
  });
}

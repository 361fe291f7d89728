import type { db } from '../db/index.ts';

// What ends when the keys to an account change. Every password change (profile, reset link, create-admin)
// and every disabling goes through here, so none of them can forget a way back in: the sessions opened
// with the old password and every reset link still waiting in a mailbox. Pass the change's transaction, so
// both happen together. (No server-only marker: scripts/create-admin.ts runs this too.)

type Client = Pick<typeof db, 'session' | 'passwordResetToken' | 'user'>;

/** Voids every reset link of the user that has not been used. */
export async function voidResetLinks(client: Pick<Client, 'passwordResetToken'>, userId: number): Promise<void> {
  await client.passwordResetToken.deleteMany({ where: { userId, usedAt: null } });
}

/**
 * Ends what the user's old access opened: every session (but `keepSessionId`, the one that changed the
 * password on the profile) and every outstanding reset link. Returns how many sessions ended.
 */
export async function endOldAccess(client: Client, userId: number, keepSessionId?: string): Promise<number> {
  await voidResetLinks(client, userId);
  const { count } = await client.session.deleteMany({
    where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
  });
  return count;
}

/** Stores a new password hash and ends the old access with it. */
export async function storeNewPassword(client: Client, userId: number, passwordHash: string, keepSessionId?: string): Promise<number> {
  await client.user.update({ where: { id: userId }, data: { passwordHash } });
  return endOldAccess(client, userId, keepSessionId);
}

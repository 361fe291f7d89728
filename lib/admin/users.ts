import 'server-only';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { db, Prisma } from '../db/index.ts';
import type { Role } from '../../generated/prisma/enums.ts';
import { sendPasswordLink } from '../auth/password-reset.ts';
import { endOldAccess } from '../auth/credentials.ts';
import type { SessionUser } from '../auth/session.ts';
import { sendMail } from '../mail/index.ts';
import { userOrThrow } from '../users/profile.ts';
import { approvedEmail } from '../mail/templates.ts';
import type { AdminUser } from './types.ts';

// User management for admins and power users. Rules the spec leaves to us:
// - only an admin may grant the admin role or change an admin account;
// - nobody can disable or demote the last active admin;
// - every change is written to audit_log (who, what, when).

export const ADMIN_ERRORS = {
  lastAdmin: 'There must always be at least one active admin.',
  adminOnly: 'Only an admin can change admin accounts or grant the admin role.',
  unverified: 'This user has not verified their email address yet.',
  resetInactive: 'User must be active to reset password',
  mailFailed: 'Failed to send password reset email',
} as const;

const STATUS_BODY_MESSAGE = 'Send isActive (true or false) or status ("active" or "disabled")';

/**
 * PATCH /api/admin/users/{id}/status: the spec's `{ isActive: boolean }`, or `{ status: "active" | "disabled" }`
 * as other clients of the API send it. Both at once must agree.
 */
export const statusBody = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    status: z.enum(['active', 'disabled'], { error: 'status must be "active" or "disabled"' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.isActive === undefined && v.status === undefined) ctx.addIssue({ code: 'custom', message: STATUS_BODY_MESSAGE });
    else if (v.isActive !== undefined && v.status !== undefined && v.isActive !== (v.status === 'active')) {
      ctx.addIssue({ code: 'custom', message: 'isActive and status disagree: send one of them' });
    }
  })
  .transform((v) => ({ isActive: v.isActive ?? v.status === 'active' }));

type UserRecord = Prisma.UserGetPayload<object>;

const toAdminRow = (u: Omit<UserRecord, 'passwordHash'>): AdminUser => ({
  user_id: u.id,
  first_name: u.firstName,
  last_name: u.lastName,
  email: u.email,
  status: u.status,
  role: u.role,
  email_verified: u.emailVerifiedAt !== null,
  created_at: u.createdAt.toISOString(),
});

export async function listUsers(): Promise<AdminUser[]> {
  const users = await db.user.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  return users.map(toAdminRow);
}

type Tx = Prisma.TransactionClient;

/** Locks the target and the active admins, so two concurrent changes cannot remove the last admin. */
async function lockTarget(tx: Tx, userId: number) {
  await tx.$queryRaw`SELECT id FROM users WHERE role = 'admin' AND status = 'active' ORDER BY id FOR UPDATE`;
  return userOrThrow(await tx.user.findUnique({ where: { id: userId } }));
}

async function activeAdminCount(tx: Tx) {
  return tx.user.count({ where: { role: 'admin', status: 'active' } });
}

function assertMayTouch(actor: SessionUser, target: { role: Role }, newRole?: Role) {
  if (actor.role !== 'admin' && (target.role === 'admin' || newRole === 'admin')) {
    throw new ApiError('forbidden', ADMIN_ERRORS.adminOnly);
  }
}

export async function setUserRole(actor: SessionUser, userId: number, role: Role): Promise<AdminUser> {
  await db.$transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    assertMayTouch(actor, target, role);
    if (target.role === role) return;
    if (target.role === 'admin' && target.status === 'active' && (await activeAdminCount(tx)) <= 1) {
      throw new ApiError('conflict', ADMIN_ERRORS.lastAdmin);
    }
    await tx.user.update({ where: { id: userId }, data: { role } });
    await tx.auditLog.create({
      data: { actorId: actor.id, targetUserId: userId, action: 'role_changed', details: { from: target.role, to: role } },
    });
  });
  return rowFor(userId);
}

export async function setUserActive(actor: SessionUser, userId: number, isActive: boolean): Promise<AdminUser> {
  const activated = await db.$transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    assertMayTouch(actor, target);
    const status = isActive ? 'active' : 'disabled';
    if (target.status === status) return null;
    if (isActive && !target.emailVerifiedAt) throw new ApiError('conflict', ADMIN_ERRORS.unverified);
    if (!isActive && target.role === 'admin' && target.status === 'active' && (await activeAdminCount(tx)) <= 1) {
      throw new ApiError('conflict', ADMIN_ERRORS.lastAdmin);
    }
    await tx.user.update({ where: { id: userId }, data: { status } });
    // Disabled: no session of theirs and no reset link in their mailbox opens the account again later.
    if (!isActive) await endOldAccess(tx, userId);
    await tx.auditLog.create({
      data: { actorId: actor.id, targetUserId: userId, action: isActive ? 'activated' : 'disabled', details: { from: target.status, to: status } },
    });
    return { target, wasPending: target.status === 'pending' };
  });
  if (activated && isActive) await sendMail(approvedEmail(activated.target.email, activated.target.firstName));
  return rowFor(userId);
}

export async function sendAdminPasswordReset(actor: SessionUser, userId: number): Promise<string> {
  const target = userOrThrow(await db.user.findUnique({ where: { id: userId } }));
  assertMayTouch(actor, target);
  if (target.status !== 'active') throw new ApiError('conflict', ADMIN_ERRORS.resetInactive);
  const sent = await sendPasswordLink(target);
  if (!sent.ok) throw new ApiError('unprocessable', ADMIN_ERRORS.mailFailed);
  await db.auditLog.create({ data: { actorId: actor.id, targetUserId: userId, action: 'password_reset_sent' } });
  return `Password reset email sent to ${target.email}`;
}

async function rowFor(userId: number): Promise<AdminUser> {
  return toAdminRow(await db.user.findUniqueOrThrow({ where: { id: userId } }));
}

import { endOldAccess } from '../auth/credentials.ts';
import { hashPassword } from '../auth/password.ts';
import {
  EMAIL_MAX_LENGTH,
  isStrongPassword,
  isName,
  isValidEmail,
  NAME_MAX_LENGTH,
  normalizeEmail,
  PASSWORD_MAX_LENGTH,
  RULE_MESSAGES,
} from '../auth/rules.ts';
import { db } from '../db/index.ts';

// `npm run create-admin`: creates the first admin, or promotes an existing account. The inputs are
// checked with the same rules as registration; the result is an active, verified admin with the given
// password, recorded in audit_log with no actor (it was done from the command line).

export interface CreateAdminInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

export interface CreateAdminResult {
  action: 'created' | 'promoted';
  userId: number;
  email: string;
  /** Sessions of a promoted account that were ended because its password changed. */
  sessionsEnded: number;
}

/** A refusal with a message meant for the person at the terminal. */
export class CreateAdminError extends Error {}

/** Every problem with one field, or null. Used by the CLI to re-ask a single question. */
export const fieldError = {
  email(value: string): string | null {
    if (!value.trim()) return 'The e-mail address is required.';
    if (normalizeEmail(value).length > EMAIL_MAX_LENGTH || !isValidEmail(value)) return RULE_MESSAGES.invalidEmail;
    return null;
  },
  name(value: string, label: 'First name' | 'Last name'): string | null {
    if (!value.trim()) return `${label} is required.`;
    if (value.trim().length > NAME_MAX_LENGTH) return `${label} must be at most ${NAME_MAX_LENGTH} characters.`;
    return isName(value) ? null : RULE_MESSAGES.nameCharacters;
  },
  password(value: string): string | null {
    if (value.length > PASSWORD_MAX_LENGTH) return RULE_MESSAGES.resetTooLong;
    if (!isStrongPassword(value)) return RULE_MESSAGES.weakPassword;
    return null;
  },
};

/** The first problem with the inputs, or null. */
export function createAdminInputError(input: CreateAdminInput): string | null {
  return (
    fieldError.email(input.email) ??
    fieldError.name(input.firstName, 'First name') ??
    fieldError.name(input.lastName, 'Last name') ??
    fieldError.password(input.password)
  );
}

/** Creates the admin, or promotes the account that already has this e-mail. */
export async function createAdmin(input: CreateAdminInput): Promise<CreateAdminResult> {
  const problem = createAdminInputError(input);
  if (problem) throw new CreateAdminError(problem);

  const email = normalizeEmail(input.email);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const passwordHash = await hashPassword(input.password);

  return db.$transaction(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email } });
    if (!existing) {
      const user = await tx.user.create({
        data: { email, firstName, lastName, passwordHash, role: 'admin', status: 'active', emailVerifiedAt: new Date() },
      });
      await tx.auditLog.create({
        data: { actorId: null, targetUserId: user.id, action: 'admin_created', details: { email, via: 'create-admin' } },
      });
      return { action: 'created', userId: user.id, email, sessionsEnded: 0 };
    }

    await tx.user.update({
      where: { id: existing.id },
      data: {
        firstName,
        lastName,
        passwordHash,
        role: 'admin',
        status: 'active',
        emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      },
    });
    // The password changed: sessions and reset links from before end, as after any password change.
    const count = await endOldAccess(tx, existing.id);
    // A code still waiting for this address is moot now.
    await tx.emailVerification.deleteMany({ where: { userId: existing.id } });
    await tx.auditLog.create({
      data: {
        actorId: null,
        targetUserId: existing.id,
        action: 'admin_promoted',
        details: {
          email,
          via: 'create-admin',
          from: { role: existing.role, status: existing.status, emailVerified: existing.emailVerifiedAt !== null },
        },
      },
    });
    return { action: 'promoted', userId: existing.id, email, sessionsEnded: count };
  });
}

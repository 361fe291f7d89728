import { z } from 'zod';
import {
  isValidEmail,
  newPasswordError,
  normalizeEmail,
  normalizePhone,
  profileError,
  registrationError,
  resetPasswordError,
  RULE_MESSAGES,
  VERIFICATION_CODE_LENGTH,
} from './rules.ts';

// Request bodies of the account endpoints. The rules themselves live in rules.ts, shared with the
// screens, so the server enforces exactly what the forms check.

const text = (max = 1000) => z.string().max(max, 'is too long');

/** Adds a rule from rules.ts (message or null) as a zod check with the rule's own message. */
function rule<T>(check: (value: T) => string | null) {
  return (value: T, ctx: z.RefinementCtx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

const email = text(400).transform(normalizeEmail);

export const registerSchema = z
  .object({ first_name: text(), last_name: text(), email: text(400), password: text() })
  .superRefine(rule(registrationError))
  .transform((v) => ({
    firstName: v.first_name.trim(),
    lastName: v.last_name.trim(),
    email: normalizeEmail(v.email),
    password: v.password,
  }));

export const emailOnlySchema = z
  .object({ email })
  .superRefine(rule((v: { email: string }) => (v.email ? (isValidEmail(v.email) ? null : RULE_MESSAGES.invalidEmail) : RULE_MESSAGES.emailRequired)));

/** The spec's { email, code }. (Anything else a client sends along, such as an old `registration`, is ignored.) */
export const verifyEmailSchema = z.object({
  email,
  code: z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), RULE_MESSAGES.codeIncomplete),
});

export const resetPasswordSchema = z
  .object({ token: text(200).min(1, RULE_MESSAGES.resetLinkMissingToken), newPassword: text() })
  .superRefine(rule((v: { newPassword: string }) => resetPasswordError(v.newPassword)));

export const changePasswordSchema = z
  .object({ old_password: text().min(1, RULE_MESSAGES.passwordFieldsRequired), new_password: text() })
  .superRefine(rule((v: { new_password: string }) => newPasswordError(v.new_password)));

export const HOME_BOARD = "home_board_id must be null or a board's id (any of the state's boards, e.g. 179 for Wake County)";

/**
 * The report screens' default board: any board's id, null for none (Wake); left out: unchanged. Here only its
 * form: lib/users/profile.ts refuses an id no board has, with the same words.
 */
const homeBoardId = z
  .number({ error: HOME_BOARD })
  .int(HOME_BOARD)
  .positive(HOME_BOARD)
  .max(999_999_999, HOME_BOARD)
  .nullable()
  .optional();

export const profileUpdateSchema = z
  .object({ first_name: text(), last_name: text(), phone_number: text(50).nullable().optional(), home_board_id: homeBoardId })
  .superRefine(rule(profileError))
  .transform((v) => ({
    firstName: v.first_name.trim(),
    lastName: v.last_name.trim(),
    phoneNumber: normalizePhone(v.phone_number),
    homeBoardId: v.home_board_id,
  }));

export const userIdParams = z.object({
  id: z.string().regex(/^\d{1,9}$/, 'User id must be a number').transform(Number),
});

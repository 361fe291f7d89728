import { z } from 'zod';
import { ErrorCode, SuccessCode } from '../api/error-codes.ts';

// The account calls' answers (spec sections 4 and 7), declared once: strict zod schemas and the types derived
// from them. The screens import the types with `import type` (no zod reaches the browser), and
// app/api/contract-accounts.db.test.ts parses every route's real answer with the schemas: the successful
// answers, and the refusals whose fields a screen reads beyond `error`.

const ok = z.literal(true);
const text = z.string().min(1);
const seconds = z.number().int().positive();

/** `{ success: true, message }`: an answer whose only news is what to tell the user. */
const saidSchema = z.strictObject({ success: ok, message: text });

/**
 * A refusal (lib/api/errors.ts errorAnswer: `error` and `message` the same text, `code` from the closed set)
 * with the fields its call may add, each only on the refusals that set it. A refusal by a rate limit says
 * when to try again (`retryAfter`, lib/auth/rate-limit.ts).
 */
const refusal = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z.strictObject({ success: z.literal(false), error: text, message: text, code: z.enum(ErrorCode), retryAfter: seconds.optional(), ...extra });

/** POST /api/auth/login: the session cookie comes with it. */
export const loginAnswerSchema = z.strictObject({ success: ok });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
/** POST /api/auth/login refused; EMAIL_NOT_VERIFIED names the address, for the verify-email screen. */
export const loginRefusalSchema = refusal({ email: z.string().optional() });
export type LoginRefusal = z.infer<typeof loginRefusalSchema>;

/** POST /api/auth/register (201): a code is on its way to `email`. */
export const registerAnswerSchema = z.strictObject({ success: ok, message: text, email: text });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;
/** POST /api/auth/register refused; UNVERIFIED_EXISTS names the address, registered again (lib/auth/registration.ts). */
export const registerRefusalSchema = refusal({ email: z.string().optional() });
export type RegisterRefusal = z.infer<typeof registerRefusalSchema>;

/** POST /api/auth/verify-email; CHOOSE_PASSWORD: no password was kept, a link to choose one is mailed. */
export const verifyAnswerSchema = z.strictObject({ success: ok, message: text, code: z.literal(SuccessCode.CHOOSE_PASSWORD).optional() });
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;
/** POST /api/auth/verify-email refused; a wrong code says how many tries are left. */
export const verifyRefusalSchema = refusal({ remainingAttempts: z.number().int().nonnegative().optional() });
export type VerifyRefusal = z.infer<typeof verifyRefusalSchema>;

/** POST /api/auth/resend-verification. */
export const resendAnswerSchema = saidSchema;
export type ResendAnswer = z.infer<typeof resendAnswerSchema>;
/** POST /api/auth/resend-verification refused; too soon after the last code says how long to wait. */
export const resendRefusalSchema = refusal({ waitTime: seconds.optional() });
export type ResendRefusal = z.infer<typeof resendRefusalSchema>;

/** POST /api/auth/request-password-reset: the same words whether or not the address has an account. */
export const resetRequestedAnswerSchema = saidSchema;
export type ResetRequestedAnswer = z.infer<typeof resetRequestedAnswerSchema>;

/** GET /api/auth/verify-reset-token/{token}: whose password the link resets. */
export const resetTokenAnswerSchema = z.strictObject({ valid: ok, user: z.strictObject({ first_name: z.string(), email: text }) });
export type ResetTokenAnswer = z.infer<typeof resetTokenAnswerSchema>;
/** GET /api/auth/verify-reset-token/{token} refused: unknown, used or expired. */
export const resetTokenRefusalSchema = refusal({ valid: z.literal(false) });

/** POST /api/auth/reset-password. */
export const passwordResetAnswerSchema = saidSchema;
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;

/** POST /api/auth/change-password. */
export const passwordChangedAnswerSchema = saidSchema;
export type PasswordChangedAnswer = z.infer<typeof passwordChangedAnswerSchema>;

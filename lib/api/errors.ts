import { ZodError } from 'zod';
import { ErrorCode } from './error-codes.ts';

// One closed set of error kinds, each with its HTTP status. Handlers and lib code throw ApiError;
// the route wrapper turns it into `{ error, message, ...extra }` JSON. Anything else is a bug: logged, 500.
const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
} as const;

export type ApiErrorKind = keyof typeof STATUS;

/** The code of an error whose thrower names none: the kind's own. */
const KIND_CODE: Record<ApiErrorKind, ErrorCode> = {
  bad_request: ErrorCode.BAD_REQUEST,
  unauthorized: ErrorCode.NOT_AUTHENTICATED,
  forbidden: ErrorCode.FORBIDDEN,
  not_found: ErrorCode.NOT_FOUND,
  conflict: ErrorCode.CONFLICT,
  unprocessable: ErrorCode.UNPROCESSABLE,
  rate_limited: ErrorCode.RATE_LIMITED,
};

/** More fields of the answer; `code` only from the closed set (lib/api/error-codes.ts). */
export type ErrorExtra = { code?: ErrorCode } & Record<string, unknown>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
    this.status = STATUS[kind];
    this.code = extra.code ?? KIND_CODE[kind];
  }
}

/** The first validation issue as one readable sentence, e.g. "email: Invalid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** An error answer's body: our screens read `error`, other clients of the API `message` (spec section 7), and both `code`. */
export const errorAnswer = (text: string, code: ErrorCode, extra: Record<string, unknown> = {}) => ({
  success: false,
  error: text,
  message: text,
  ...extra,
  code,
});

export function errorBody(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof ApiError) return { status: error.status, body: errorAnswer(error.message, error.code, error.extra) };
  if (error instanceof ZodError) return { status: 400, body: errorAnswer(describeZodError(error), ErrorCode.INVALID_INPUT) };
  return { status: 500, body: errorAnswer('Internal server error', ErrorCode.INTERNAL_ERROR) };
}

/** What `found` is once it is known to be there: not null, undefined, false or a zero count. */
export type Found<T> = Exclude<T, null | undefined | false | 0>;

/**
 * `found` when it is there, else the domain's not-found answer. Each domain has one `…OrThrow` helper on
 * top (productOrThrow, storeOrThrow, boardOrThrow, userOrThrow, watchItemOrThrow), so a missing thing is
 * described, and coded, the same way wherever it is looked up.
 */
export function foundOrThrow<T>(found: T, message: string, code: ErrorCode): Found<T> {
  if (!found) throw new ApiError('not_found', message, { code });
  return found as Found<T>;
}

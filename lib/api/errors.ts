import { ZodError } from 'zod';

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

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = STATUS[kind];
  }
}

/** The first validation issue as one readable sentence, e.g. "email: Invalid email address". */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** An error answer's body: our screens read `error`, other clients of the API `message` (spec section 7). */
export const errorAnswer = (text: string, extra: Record<string, unknown> = {}) => ({ success: false, error: text, message: text, ...extra });

export function errorBody(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof ApiError) return { status: error.status, body: errorAnswer(error.message, error.extra) };
  if (error instanceof ZodError) return { status: 400, body: errorAnswer(describeZodError(error)) };
  return { status: 500, body: errorAnswer('Internal server error') };
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorAnswerSchema } from '../reports/types.ts';
import { ApiError, errorBody } from './errors.ts';

// The error contract: our screens read `error`, other clients of the API read `message` (spec section 7),
// so every error answer carries both, with the same text.
describe('errorBody', () => {
  it.each([
    ['an ApiError', new ApiError('conflict', 'Taken', { code: 'EMAIL_EXISTS' }), 409, 'Taken'],
    ['a validation error', z.object({ a: z.string({ error: 'a must be text' }) }).safeParse({}).error, 400, 'a: a must be text'],
    ['a bug', new Error('secret detail'), 500, 'Internal server error'],
  ])('answers %s with the same text in error and message', (_label, error, status, text) => {
    const { status: got, body } = errorBody(error);
    expect(got).toBe(status);
    expect(body).toMatchObject({ success: false, error: text, message: text });
    expect(errorAnswerSchema.safeParse(body).success).toBe(true);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCode } from './error-codes.ts';
import { ApiError, errorBody } from './errors.ts';

// Error codes are a closed set: ApiError takes only ErrorCode values (the type system), every error answer
// carries one (errorBody here; every route test's expectClientError checks the code of real answers), and
// screens compare with the constants, never strings (lint).

const root = path.resolve(import.meta.dirname, '../..');

describe('every error answer has a code from the closed set', () => {
  it.each([
    ['an ApiError that names its code', new ApiError('conflict', 'Taken', { code: ErrorCode.EMAIL_EXISTS }), ErrorCode.EMAIL_EXISTS],
    ['an ApiError that names none: its kind', new ApiError('not_found', 'Gone'), ErrorCode.NOT_FOUND],
    ['a rate limit', new ApiError('rate_limited', 'Slow down'), ErrorCode.RATE_LIMITED],
    ['a bug', new Error('secret'), ErrorCode.INTERNAL_ERROR],
  ])('%s', (_label, error, code) => {
    expect(errorBody(error).body.code).toBe(code);
  });

  it('a thrower cannot replace the code with an open string through its extra fields', () => {
    // @ts-expect-error -- 'SOMETHING_NEW' is not an ErrorCode
    const error = new ApiError('conflict', 'x', { code: 'SOMETHING_NEW' });
    expect(error.code).toBe('SOMETHING_NEW'); // what the type system refuses above
  });

  it('every code in the set is used by the product (a retired code leaves the set)', () => {
    const sources = [...walk(path.join(root, 'lib')), ...walk(path.join(root, 'app')), path.join(root, 'proxy.ts')]
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('error-codes.ts'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const kindDefaults: ErrorCode[] = [ErrorCode.BAD_REQUEST, ErrorCode.NOT_AUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT, ErrorCode.UNPROCESSABLE, ErrorCode.RATE_LIMITED];
    const unused = ERROR_CODES.filter((code) => !sources.includes(`ErrorCode.${code}`) && !kindDefaults.includes(code));
    expect(unused).toEqual([]);
  });
});

describe('the error code lint rule', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, 'app/(public)/example-form.tsx') });
    return result.messages.map((m) => [m.ruleId, m.line]);
  };

  it('refuses a screen comparing a code with a string', async () => {
    const messages = await lint(
      [
        "'use client';",
        'export function kind(res: { data: { code?: string } }, code?: string) {',
        "  if (res.data.code === 'EXPIRED') return 1;",
        "  if ('RATE_LIMITED' !== code) return 2;",
        '  switch (res.data.code) {',
        "    case 'TOO_MANY_ATTEMPTS': return 3;",
        '  }',
        '  return 0;',
        '}',
      ].join('\n'),
    );
    expect(messages).toEqual([
      ['no-restricted-syntax', 3],
      ['no-restricted-syntax', 4],
      ['no-restricted-syntax', 6],
    ]);
  }, 60_000);

  it('accepts the constants', async () => {
    const messages = await lint(
      [
        "'use client';",
        "import { ErrorCode } from '@/lib/api/error-codes';",
        'export const expired = (res: { data: { code?: ErrorCode } }) => res.data.code === ErrorCode.EXPIRED;',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  }, 60_000);
});

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

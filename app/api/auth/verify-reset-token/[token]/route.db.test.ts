import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/api';
import { GET as verifyResetToken } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser } from '@/testing/harness';

// GET /api/auth/verify-reset-token/{token}: what the reset screen checks on load.

/** A reset token written the way lib/auth/password-reset.ts stores it: only its SHA-256. */
async function insertResetToken(userId: number, options: { expiresInMinutes?: number; used?: boolean } = {}) {
  const token = randomBytes(32).toString('base64url');
  await sql(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, used_at)
     VALUES ($1, $2, now() + make_interval(mins => $3), $4)`,
    [userId, createHash('sha256').update(token).digest('hex'), options.expiresInMinutes ?? 60, options.used ? new Date() : null],
  );
  return token;
}

const check = (token: string) =>
  new TestClient().call(verifyResetToken, `/api/auth/verify-reset-token/${encodeURIComponent(token)}`, { params: { token } });

describe('GET /api/auth/verify-reset-token/{token}', () => {
  it('answers valid with the first name and e-mail only', async () => {
    const user = await newUser({ firstName: 'Elliot' });
    const res = await check(await insertResetToken(user.id));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ valid: true, user: { first_name: 'Elliot', email: user.email } });
  });

  it('does not use the token up: checking twice is fine', async () => {
    const user = await newUser();
    const token = await insertResetToken(user.id);
    expect((await check(token)).status).toBe(200);
    expect((await check(token)).status).toBe(200);
  });

  it.each([
    ['an unknown token', async () => randomBytes(32).toString('base64url')],
    ['an expired token', async () => insertResetToken((await newUser()).id, { expiresInMinutes: -1 })],
    ['a used token', async () => insertResetToken((await newUser()).id, { used: true })],
    ["a disabled user's token", async () => insertResetToken((await newUser({ status: 'disabled' })).id)],
    ['the stored hash itself', async () => {
      const user = await newUser();
      await insertResetToken(user.id);
      return (await sql<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [user.id]))[0].token_hash;
    }],
    ['a 10,000-character token', async () => 'a'.repeat(10_000)],
    ['a token with a NUL character', async () => 'abc\u0000def'],
    ['a token of symbols', async () => "'; DROP TABLE users; --"],
    ['a token of spaces', async () => '   '],
  ])('answers %s with valid: false and the error, never a 500', async (_label, makeToken) => {
    const res = await check(await makeToken());
    expectClientError(res, 400);
    expect(res.json.error).toContain('Invalid or expired reset token');
    expect(res.json.valid).not.toBe(true);
    expect(res.json).not.toHaveProperty('user');
  });

  it('answers a request without the token segment with a JSON 4xx', async () => {
    const res = await new TestClient().call(verifyResetToken, '/api/auth/verify-reset-token/', { params: {} });
    expectClientError(res);
  });
});

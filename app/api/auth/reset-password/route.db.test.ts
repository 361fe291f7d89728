import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { TestClient } from '@/testing/api';
import { POST as login } from '../login/route';
import { GET as verifyResetToken } from '../verify-reset-token/[token]/route';
import { GET as whoami } from '../whoami/route';
import { POST as resetPassword } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser, signedIn } from '@/testing/harness';

// POST /api/auth/reset-password: single use, one hour, 8 to 128 characters, and every session of the
// user ends at once.

async function insertResetToken(userId: number, options: { expiresInMinutes?: number } = {}) {
  const token = randomBytes(32).toString('base64url');
  await sql(
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [userId, createHash('sha256').update(token).digest('hex'), options.expiresInMinutes ?? 60],
  );
  return token;
}

const NEW_PASSWORD = 'Bottled-In-Bond100';

const reset = (browser: TestClient, body: unknown) =>
  browser.call(resetPassword, '/api/auth/reset-password', { method: 'POST', body });

const passwordHash = async (id: number) =>
  (await sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))[0].password_hash;

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, uses the token up and ends every session of the user', async () => {
    const user = await newUser();
    const phone = (await signedIn(user)).browser;
    const laptop = (await signedIn(user)).browser;
    const token = await insertResetToken(user.id);

    const res = await reset(new TestClient(), { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);

    expect(await bcrypt.compare(NEW_PASSWORD, await passwordHash(user.id))).toBe(true);
    expect((await phone.call(whoami, '/x')).status).toBe(401);
    expect((await laptop.call(whoami, '/x')).status).toBe(401);
    expect(await sql('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(0);
    const [row] = await sql<{ used_at: Date | null }>('SELECT used_at FROM password_reset_tokens WHERE user_id = $1', [user.id]);
    expect(row.used_at).toBeInstanceOf(Date);
    expect(await sql('SELECT actor_id, action FROM audit_log WHERE target_user_id = $1', [user.id])).toEqual([{ actor_id: user.id, action: 'password_reset' }]);

    // Old password out, new one in.
    expect((await new TestClient().call(login, '/x', { method: 'POST', body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await new TestClient().call(login, '/x', { method: 'POST', body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);

    // Single use: the link is dead now.
    const again = await reset(new TestClient(), { token, newPassword: 'Another-Pass99!' });
    expectClientError(again, 400);
    expect(again.json.error).toBe('Invalid or expired reset token');
    expect((await new TestClient().call(verifyResetToken, '/x', { params: { token } })).status).toBe(400);
    expect(await bcrypt.compare(NEW_PASSWORD, await passwordHash(user.id))).toBe(true);
  });

  it('lets only one of two simultaneous uses of a token through', async () => {
    const user = await newUser();
    const token = await insertResetToken(user.id);
    const results = await Promise.all([
      reset(new TestClient(), { token, newPassword: 'Racer-Number-One1' }),
      reset(new TestClient(), { token, newPassword: 'Racer-Number-Two2' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0].status === 200 ? 'Racer-Number-One1' : 'Racer-Number-Two2';
    expect(await bcrypt.compare(winner, await passwordHash(user.id))).toBe(true);
  });

  it('refuses an expired token (older than one hour) and leaves the password alone', async () => {
    const user = await newUser();
    const token = await insertResetToken(user.id, { expiresInMinutes: -1 });
    const res = await reset(new TestClient(), { token, newPassword: NEW_PASSWORD });
    expectClientError(res, 400);
    expect(res.json.error).toBe('Invalid or expired reset token');
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
  });

  it('refuses the token of a user disabled since it was sent', async () => {
    const user = await newUser();
    const token = await insertResetToken(user.id);
    await sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [user.id]);
    expectClientError(await reset(new TestClient(), { token, newPassword: NEW_PASSWORD }), 400);
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
  });

  it.each([
    ['7 characters', 'Aa1!xyz', 'Password must be at least 8 characters long'],
    ['129 characters', 'x'.repeat(129), 'Password must be less than 128 characters'],
  ])('refuses a new password of %s with the screen message, without using the token', async (_label, newPassword, message) => {
    const user = await newUser();
    const token = await insertResetToken(user.id);
    const res = await reset(new TestClient(), { token, newPassword });
    expectClientError(res, 400);
    expect(res.json.error).toContain(message);
    expect((await new TestClient().call(verifyResetToken, '/x', { params: { token } })).status).toBe(200);
  });

  it('accepts exactly 8 and exactly 128 characters', async () => {
    for (const newPassword of ['abcdefgh', 'y'.repeat(128)]) {
      const user = await newUser();
      const res = await reset(new TestClient(), { token: await insertResetToken(user.id), newPassword });
      expect(res.status).toBe(200);
    }
  });

  it("answers a missing token with the screen's message", async () => {
    const res = await reset(new TestClient(), { token: '', newPassword: NEW_PASSWORD });
    expectClientError(res, 400);
    expect(res.json.error).toContain('Invalid reset link. Please request a new password reset.');
  });

  it.each([
    ['no X-Requested-With header', { noXhr: true, body: { token: 'abc', newPassword: NEW_PASSWORD } }, 403],
    ['malformed JSON', { rawBody: '{"token":"abc",' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['an empty object', { body: {} }, 400],
    ['a missing token', { body: { newPassword: NEW_PASSWORD } }, 400],
    ['a missing password', { body: { token: 'abc' } }, 400],
    ['the token as a number', { body: { token: 12345678, newPassword: NEW_PASSWORD } }, 400],
    ['the password as a number', { body: { token: 'abc', newPassword: 123456789 } }, 400],
    ['the password as an array', { body: { token: 'abc', newPassword: [NEW_PASSWORD] } }, 400],
    ['an unknown token', { body: { token: randomBytes(32).toString('base64url'), newPassword: NEW_PASSWORD } }, 400],
    ['a 10,000-character token', { body: { token: 'a'.repeat(10_000), newPassword: NEW_PASSWORD } }, 400],
    ['a 10,000-character password', { body: { token: 'abc', newPassword: 'p'.repeat(10_000) } }, 400],
    ['a token with a NUL character', { body: { token: 'ab\u0000cd', newPassword: NEW_PASSWORD } }, 400],
  ])('refuses %s with a JSON 4xx, never a 500', async (_label, options, status) => {
    const res = await new TestClient().call(resetPassword, '/api/auth/reset-password', { method: 'POST', ...options });
    expectClientError(res, status);
  });
});

import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { POST as login } from '../login/route';
import { POST as logout } from '../logout/route';
import { GET as whoami } from '../whoami/route';
import { POST as changePassword } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser, signedIn } from '@/testing/harness';

// POST /api/auth/change-password (profile screen): the current password is required, the new one has
// 8 to 128 characters, and the user's other sessions end at once while this one stays.

const NEW_PASSWORD = 'Small-Batch-2026';

const change = (browser: TestClient, body: unknown) =>
  browser.call(changePassword, '/api/auth/change-password', { method: 'POST', body });

const passwordHash = async (id: number) =>
  (await sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))[0].password_hash;

describe('POST /api/auth/change-password', () => {
  it("changes the password, keeps this session and ends the user's other sessions at once", async () => {
    const user = await newUser();
    const other = await newUser();
    const here = (await signedIn(user)).browser;
    const elsewhere = (await signedIn(user)).browser;
    const someoneElse = (await signedIn(other)).browser;

    const res = await change(here, { old_password: user.password, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);

    expect((await here.call(whoami, '/x')).status).toBe(200);
    expect((await elsewhere.call(whoami, '/x')).status).toBe(401);
    expect((await someoneElse.call(whoami, '/x')).status).toBe(200);
    expect(await sql('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(1);
    expect(await sql('SELECT actor_id, action FROM audit_log WHERE target_user_id = $1', [user.id])).toEqual([{ actor_id: user.id, action: 'password_changed' }]);

    const hash = await passwordHash(user.id);
    expect(hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await bcrypt.compare(NEW_PASSWORD, hash)).toBe(true);
    expect((await new TestClient().call(login, '/x', { method: 'POST', body: { email: user.email, password: user.password } })).status).toBe(401);
    expect((await new TestClient().call(login, '/x', { method: 'POST', body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const user = await newUser();
    const here = (await signedIn(user)).browser;
    const elsewhere = (await signedIn(user)).browser;
    const res = await change(here, { old_password: 'Not-The-Password1!', new_password: NEW_PASSWORD });
    expectClientError(res, 400);
    expect(res.json.error).toBe('Current password is incorrect.');
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
    expect((await elsewhere.call(whoami, '/x')).status).toBe(200);
    // A failed check does not sign the caller out.
    expect((await here.call(whoami, '/x')).status).toBe(200);
  });

  it.each([
    ['7 characters', 'Aa1!xyz', 'New password must be at least 8 characters.'],
    ['129 characters', 'x'.repeat(129), 'less than 128 characters'],
  ])('refuses a new password of %s with the profile message', async (_label, newPassword, message) => {
    const user = await newUser();
    const res = await change((await signedIn(user)).browser, { old_password: user.password, new_password: newPassword });
    expectClientError(res, 400);
    expect(res.json.error).toContain(message);
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
  });

  it('refuses a new password equal to the current one', async () => {
    const user = await newUser();
    const res = await change((await signedIn(user)).browser, { old_password: user.password, new_password: user.password });
    expectClientError(res, 400);
  });

  it('refuses an empty current password with the profile message', async () => {
    const user = await newUser();
    const res = await change((await signedIn(user)).browser, { old_password: '', new_password: NEW_PASSWORD });
    expectClientError(res, 400);
    expect(res.json.error).toContain('please fill in all three password fields');
  });

  it('is 401 without a session, after logout of the session, and for a user disabled meanwhile', async () => {
    expectClientError(await change(new TestClient(), { old_password: 'x', new_password: NEW_PASSWORD }), 401);
    const leaving = await newUser();
    const gone = (await signedIn(leaving)).browser;
    expect((await gone.call(logout, '/api/auth/logout', { method: 'POST' })).status).toBe(200);
    expectClientError(await change(gone, { old_password: leaving.password, new_password: NEW_PASSWORD }), 401);
    const user = await newUser();
    const here = (await signedIn(user)).browser;
    await sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [user.id]);
    expectClientError(await change(here, { old_password: user.password, new_password: NEW_PASSWORD }), 401);
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
  });

  const cases: [string, Record<string, unknown>, number][] = [
    ['no X-Requested-With header', { noXhr: true, body: { old_password: 'x', new_password: NEW_PASSWORD } }, 403],
    ['malformed JSON', { rawBody: '{"old_password":' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['an empty object', { body: {} }, 400],
    ['a missing current password', { body: { new_password: NEW_PASSWORD } }, 400],
    ['a missing new password', { body: { old_password: 'whatever1' } }, 400],
    ['the current password as a number', { body: { old_password: 12345678, new_password: NEW_PASSWORD } }, 400],
    ['the new password as an object', { body: { old_password: 'whatever1', new_password: { a: 1 } } }, 400],
    ['a 10,000-character current password', { body: { old_password: 'o'.repeat(10_000), new_password: NEW_PASSWORD } }, 400],
    ['a 10,000-character new password', { body: { old_password: 'whatever1', new_password: 'n'.repeat(10_000) } }, 400],
  ];
  it.each(cases)('refuses %s with a JSON 4xx, never a 500 (signed in)', async (_label, options, status) => {
    const user = await newUser();
    const res = await ((await signedIn(user)).browser).call(changePassword, '/api/auth/change-password', { method: 'POST', ...options });
    expectClientError(res, status);
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
  });
});

/** Rate-limit windows are fixed; start a limit test well inside one so it cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('change-password attempts have a limit of their own', () => {
  it('stops guessing the current password at RATE_LIMIT_CHANGE_PASSWORD per user; logging in is not affected', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_CHANGE_PASSWORD.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const user = await newUser();
    const here = (await signedIn(user)).browser;
    for (let i = 0; i < limit; i++) {
      expectClientError(await change(here, { old_password: `Guess-${i}-Wrong!`, new_password: NEW_PASSWORD }), 400);
    }
    // The right current password is refused too once the limit is reached, so guessing learns nothing.
    const blocked = await change(here, { old_password: user.password, new_password: NEW_PASSWORD });
    expectClientError(blocked, 429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(blocked.json.error).toMatch(/try again in/i);
    expect(await bcrypt.compare(user.password, await passwordHash(user.id))).toBe(true);
    // Its own bucket: the same user still logs in (more times than the login limit has room for
    // change-password attempts), and another user still changes their password.
    expect((await new TestClient().call(login, '/x', { method: 'POST', body: { email: user.email, password: user.password } })).status).toBe(200);
    const other = await newUser();
    expect((await change((await signedIn(other)).browser, { old_password: other.password, new_password: NEW_PASSWORD })).status).toBe(200);
  });

  it('is not used up by failed logins of the same e-mail', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_LOGIN_EMAIL.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const user = await newUser();
    const here = (await signedIn(user)).browser;
    const guesser = new TestClient();
    for (let i = 0; i <= limit; i++) {
      await guesser.call(login, '/x', { method: 'POST', body: { email: user.email, password: `Wrong-${i}!` } });
    }
    expect((await guesser.call(login, '/x', { method: 'POST', body: { email: user.email, password: user.password } })).status).toBe(429);
    expect((await change(here, { old_password: user.password, new_password: NEW_PASSWORD })).status).toBe(200);
  });
});

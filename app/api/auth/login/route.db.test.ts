import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { sql } from '@/testing/sql';
import { POST as login } from './route';
import { POST as logout } from '../logout/route';
import { GET as whoami } from '../whoami/route';
import { newUser } from '@/testing/harness';

const url = () => process.env.DATABASE_URL!;

describe('POST /api/auth/login', () => {
  it('signs an active user in; whoami returns the spec fields; logout ends the session', async () => {
    const user = await newUser({ firstName: 'Jordan' });
    const client = new TestClient();
    const res = await client.call(login, '/api/auth/login', {
      method: 'POST',
      body: { email: `  ${user.email.toUpperCase()} `, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(client.hasSessionCookie()).toBe(true);

    const me = await client.call(whoami, '/api/auth/whoami');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ first_name: 'Jordan', email: user.email, role: 'user', status: 'active' });
    expect(me.json).not.toHaveProperty('password_hash');
    expect(me.json).not.toHaveProperty('passwordHash');

    expect((await client.call(logout, '/api/auth/logout', { method: 'POST' })).status).toBe(200);
    expect((await client.call(whoami, '/api/auth/whoami')).status).toBe(401);
  });

  it('answers unknown e-mail and wrong password alike', async () => {
    const user = await newUser();
    const client = new TestClient();
    const wrong = await client.call(login, '/x', { method: 'POST', body: { email: user.email, password: 'nope' } });
    const unknown = await client.call(login, '/x', { method: 'POST', body: { email: 'nobody@example.test', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.error).toBe(unknown.json.error);
  });

  it("tells pending and disabled accounts apart once the password is right", async () => {
    const pending = await newUser({ status: 'pending' });
    const disabled = await newUser({ status: 'disabled' });
    const client = new TestClient();
    const p = await client.call(login, '/x', { method: 'POST', body: { email: pending.email, password: pending.password } });
    expect(p.status).toBe(403);
    expect(p.json.error).toContain('pending approval');
    const d = await client.call(login, '/x', { method: 'POST', body: { email: disabled.email, password: disabled.password } });
    expect(d.status).toBe(403);
    expect(d.json.error).toContain('disabled');
    // Wrong password on a pending account reveals nothing about its state.
    const w = await client.call(login, '/x', { method: 'POST', body: { email: pending.email, password: 'wrong' } });
    expect(w.status).toBe(401);
    expect(client.hasSessionCookie()).toBe(false);
  });

  it.each([
    ['no X-Requested-With header', { noXhr: true, body: { email: 'a@b.c', password: 'x' } }, 403],
    ['malformed JSON', { rawBody: '{"email": ' }, 400],
    ['missing fields', { body: {} }, 400],
    ['wrong types', { body: { email: 42, password: ['x'] } }, 400],
    ['a 10,000-character e-mail', { body: { email: `${'a'.repeat(10_000)}@x.test`, password: 'x' } }, 400],
    ['a 10,000-character password', { body: { email: 'a@b.test', password: 'p'.repeat(10_000) } }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['an e-mail with a NUL character', { body: { email: 'a\u0000b@x.test', password: 'x' } }, 400],
  ])('refuses %s with a JSON 4xx', async (_label, options, status) => {
    const res = await new TestClient().call(login, '/api/auth/login', { method: 'POST', ...options });
    expect(res.status).toBe(status);
    expect(typeof res.json.error).toBe('string');
  });
});

describe('GET /api/auth/whoami', () => {
  it('is 401 without a session, and for a user disabled after signing in', async () => {
    expect((await new TestClient().call(whoami, '/api/auth/whoami')).status).toBe(401);
    const user = await newUser();
    const client = new TestClient();
    await client.call(login, '/x', { method: 'POST', body: { email: user.email, password: user.password } });
    expect((await client.call(whoami, '/x')).status).toBe(200);
    const pg = await import('pg');
    const c = new pg.default.Client({ connectionString: url() });
    await c.connect();
    await c.query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [user.id]);
    await c.end();
    expect((await client.call(whoami, '/x')).status).toBe(401);
  });
});

// ── sessions and rate limits ──

/** A browser with its own address, so rate-limit counters never leak between tests and test files. */
/** Fixed windows: start a limit test well inside one so it cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const attempt = (browser: TestClient, email: string, password: string) =>
  browser.call(login, '/api/auth/login', { method: 'POST', body: { email, password }, headers: { 'user-agent': 'vitest-browser' } });

describe('login sessions', () => {
  it('sets a sealed cookie holding only a session id, backed by a sessions row that logout deletes', async () => {
    const user = await newUser();
    const browser = new TestClient();
    const res = await attempt(browser, user.email, user.password);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('nbt_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0];
    expect(cookie).not.toContain(user.email);
    expect(cookie).not.toContain(encodeURIComponent(user.email));

    const rows = await sql<{ id: string; ip: string; user_agent: string; expires_at: Date }>('SELECT * FROM sessions WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: browser.ip, user_agent: 'vitest-browser' });
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/); // only a hash of the id is stored
    expect(cookie).not.toContain(rows[0].id);

    // Deleting the row ends the session, whatever the cookie says (also one the server has already read
    // and remembers).
    expect((await browser.call(whoami, '/x')).status).toBe(200);
    await sql('DELETE FROM sessions WHERE id = $1', [rows[0].id]);
    expect((await browser.call(whoami, '/x')).status).toBe(401);

    // Logout deletes the row; replaying the old cookie afterwards does not work.
    const again = new TestClient();
    const second = await attempt(again, user.email, user.password);
    const secondCookie = second.headers.getSetCookie().find((c) => c.startsWith('nbt_session='))!.split(';')[0];
    expect(await sql('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(1);
    expect((await new TestClient().call(whoami, '/x', { headers: { cookie: secondCookie } })).status).toBe(200);
    const out = await again.call(logout, '/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(again.hasSessionCookie()).toBe(false);
    expect(await sql('SELECT id FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(0);
    expect((await new TestClient().call(whoami, '/x', { headers: { cookie: secondCookie } })).status).toBe(401);
  });

  it('treats an expired session row as signed out', async () => {
    const user = await newUser();
    const browser = new TestClient();
    await attempt(browser, user.email, user.password);
    await sql(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect((await browser.call(whoami, '/x')).status).toBe(401);
  });

  it('logout without a session still answers 200 JSON', async () => {
    const res = await new TestClient().call(logout, '/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
  });

  // Logout needs no cross-site proof (docs/decisions/007-cross-site-requests.md): a client that leaves the
  // header out must not keep a live session.
  it.each([
    ['no body', {}],
    ['a text/plain body', { rawBody: '{}' }],
    ['a form-encoded body', { rawBody: 'a=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
  ])('logout without X-Requested-With or a JSON body (%s) still ends the session', async (_label, options) => {
    const user = await newUser();
    const client = new TestClient();
    expect((await client.call(login, '/x', { method: 'POST', body: { email: user.email, password: user.password } })).status).toBe(200);
    const cookie = client.cookieHeader();
    const res = await client.call(logout, '/api/auth/logout', { method: 'POST', noXhr: true, ...options });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(client.hasSessionCookie()).toBe(false);
    // The old cookie, replayed, no longer opens a session: the row is gone.
    expect((await new TestClient().call(whoami, '/x', { headers: { cookie } })).status).toBe(401);
    expect(await sql('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toHaveLength(0);
  });
});

// Which address a request counts against (the connection's, X-Forwarded-For only behind our own proxies) is the
// app server's part: e2e/client-address.spec.ts tests it through the real server, Caddy included.
describe('login rate limits (Postgres counters)', () => {
  it("stops one address guessing one account's password, also for the right one; the owner's address is not stopped", async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_LOGIN_EMAIL.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const user = await newUser();
    const guesser = new TestClient();
    for (let i = 0; i < limit; i++) {
      const res = await attempt(guesser, user.email, `Guess-${i}-Password!`);
      expect(res.status).toBe(401);
    }
    // From the guesser's address even the right password is refused now, so guessing learns nothing.
    const blocked = await attempt(guesser, ` ${user.email.toUpperCase()} `, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.json.error).toMatch(/too many attempts.*try again in/i);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.getSetCookie()).toHaveLength(0);
    // The owner, from their own address, signs in.
    expect((await attempt(new TestClient(), user.email, user.password)).status).toBe(200);
  });

  it("never refuses the owner's right password because of others' failures (slow the guesser, not the account)", async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_LOGIN_EMAIL.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const user = await newUser();
    // Strangers from many addresses, each within its own limit, fail many times over the account's limit.
    for (let i = 0; i < limit * 3; i++) {
      expect((await attempt(new TestClient(), user.email, `Guess-${i}-Password!`)).status).toBe(401);
    }
    const owner = new TestClient();
    const res = await attempt(owner, user.email, user.password);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(owner.hasSessionCookie()).toBe(true);
  });

  it('counts failures only: a household signing in many times from one address is never limited', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_LOGIN_IP.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const home = new TestClient();
    const family = await Promise.all([newUser(), newUser()]);
    for (let i = 0; i < limit + 3; i++) {
      const member = family[i % 2];
      expect((await attempt(home, member.email, member.password)).status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('stops one IP address trying many e-mails', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_LOGIN_IP.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const attacker = new TestClient();
    for (let i = 0; i < limit; i++) {
      const res = await attempt(attacker, `spray-${randomBytes(4).toString('hex')}@example.test`, 'Password1!');
      expect(res.status).toBe(401);
    }
    const user = await newUser();
    const blocked = await attempt(attacker, user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(typeof blocked.json.error).toBe('string');
    expect(attacker.hasSessionCookie()).toBe(false);
    // The user, from their own address, still gets in.
    expect((await attempt(new TestClient(), user.email, user.password)).status).toBe(200);
  });
});

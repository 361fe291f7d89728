import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/login/route';
import { GET as whoami } from '@/app/api/auth/whoami/route';
import { disconnectDb, setDatabaseUrl } from '@/lib/db/index';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { sql as sqlOn } from '@/testing/sql';
import { createTestDatabase, type TestDatabase } from '@/testing/database';
import { readMailbox, startMailServer, waitForMail } from '@/testing/mail-server';
import type { Role, UserStatus } from '@/generated/prisma/enums';
import { POST as resetPasswordOf } from './[id]/reset-password/route';
import { PATCH as setRole } from './[id]/role/route';
import { PATCH as setStatus } from './[id]/status/route';
import { GET as listUsers } from './route';
import { expectClientError } from '@/testing/api';
import { newUser, signedIn, type TestUser } from '@/testing/harness';

// The admin API: GET /api/admin/users, PATCH /api/admin/users/{id}/role, PATCH .../{id}/status and
// POST .../{id}/reset-password. admin and power_user only; only an admin touches admin accounts; the
// last active admin can be neither disabled nor demoted; every change lands in audit_log.
//
// This file runs on a database of its own: the last-admin rule depends on how many admins exist, which
// other test files (sharing the run's database) change concurrently.

/** A browser with its own address, so rate-limit counters never leak between tests and test files. */
let database: TestDatabase;
const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-admin-mail-'));
let mailServer: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mailServer = await startMailServer(mailDir);
  process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
  database = await createTestDatabase('admin');
  process.env.DATABASE_URL = database.url;
  await setDatabaseUrl(database.url);
});

afterAll(async () => {
  await disconnectDb();
  await database?.drop();
  await mailServer?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sqlOn<T>(text, params, database.url);

const user = newUser;

async function as(role: Role) {
  const account = await user({ role });
  return { account, browser: (await signedIn(account)).browser };
}

const patchRole = (browser: TestClient, id: number | string, body: unknown) =>
  browser.call(setRole, `/api/admin/users/${id}/role`, { method: 'PATCH', params: { id: String(id) }, body });
const patchStatus = (browser: TestClient, id: number | string, body: unknown) =>
  browser.call(setStatus, `/api/admin/users/${id}/status`, { method: 'PATCH', params: { id: String(id) }, body });
const postReset = (browser: TestClient, id: number | string) =>
  browser.call(resetPasswordOf, `/api/admin/users/${id}/reset-password`, { method: 'POST', params: { id: String(id) } });

const row = async (id: number) =>
  (await sql<{ role: Role; status: UserStatus }>('SELECT role, status FROM users WHERE id = $1', [id]))[0];
const audit = (targetId: number) =>
  sql<{ actor_id: number | null; action: string; details: Record<string, unknown> | null }>(
    'SELECT actor_id, action, details FROM audit_log WHERE target_user_id = $1 ORDER BY id',
    [targetId],
  );
const sessionsOf = async (id: number) => (await sql('SELECT id FROM sessions WHERE user_id = $1', [id])).length;

/** Leaves `keep` as the only active admin of this file's database. */
async function onlyActiveAdmin(keep: number) {
  await sql(`UPDATE users SET role = 'user' WHERE role = 'admin' AND status = 'active' AND id <> $1`, [keep]);
}

describe('GET /api/admin/users', () => {
  it('lists users for admins and power users, newest first, without password hashes', async () => {
    const older = await user({ firstName: 'Older' });
    const newer = await user({ status: 'pending', verified: false, firstName: 'Newer' });
    for (const role of ['admin', 'power_user'] as const) {
      const { browser } = await as(role);
      const res = await browser.call(listUsers, '/api/admin/users');
      expect(res.status).toBe(200);
      const rows = res.json as unknown as Record<string, unknown>[];
      expect(Array.isArray(rows)).toBe(true);
      const ids = rows.map((r) => r.user_id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(rows.find((r) => r.user_id === newer.id)).toEqual({
        user_id: newer.id,
        first_name: 'Newer',
        last_name: newer.lastName,
        email: newer.email,
        status: 'pending',
        role: 'user',
        email_verified: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(JSON.stringify(rows)).not.toMatch(/\$2[aby]\$|password/i);
    }
  });

  it('is 401 without a session and 403 for a plain user', async () => {
    expectClientError(await new TestClient().call(listUsers, '/api/admin/users'), 401);
    const { browser } = await as('user');
    expectClientError(await browser.call(listUsers, '/api/admin/users'), 403);
  });

  it('is 401 for an admin disabled after signing in', async () => {
    const { account, browser } = await as('admin');
    await sql(`UPDATE users SET status = 'disabled' WHERE id = $1`, [account.id]);
    expectClientError(await browser.call(listUsers, '/api/admin/users'), 401);
  });
});

describe('PATCH /api/admin/users/{id}/role', () => {
  it("changes a role, records who did it in audit_log, and the user's next request sees it", async () => {
    const { account: admin, browser } = await as('admin');
    const target = await user();
    const targetBrowser = (await signedIn(target)).browser;

    const res = await patchRole(browser, target.id, { role: 'power_user' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, user: { user_id: target.id, role: 'power_user' } });
    expect((await row(target.id)).role).toBe('power_user');
    expect(await audit(target.id)).toEqual([{ actor_id: admin.id, action: 'role_changed', details: { from: 'user', to: 'power_user' } }]);
    expect((await targetBrowser.call(whoami, '/x')).json.role).toBe('power_user');

    // Setting the role it already has changes nothing and records nothing.
    expect((await patchRole(browser, target.id, { role: 'power_user' })).status).toBe(200);
    expect(await audit(target.id)).toHaveLength(1);
  });

  it('lets a power user change plain users but never grant admin or touch an admin', async () => {
    const { browser } = await as('power_user');
    const target = await user();
    expect((await patchRole(browser, target.id, { role: 'power_user' })).status).toBe(200);

    const grant = await patchRole(browser, target.id, { role: 'admin' });
    expectClientError(grant, 403);
    const admin = await user({ role: 'admin' });
    expectClientError(await patchRole(browser, admin.id, { role: 'user' }), 403);
    expect((await row(target.id)).role).toBe('power_user');
    expect((await row(admin.id)).role).toBe('admin');
    expect(await audit(admin.id)).toHaveLength(0);
  });

  it('never demotes the last active admin, not even by themselves', async () => {
    const { account: admin, browser } = await as('admin');
    await onlyActiveAdmin(admin.id);
    // Pending and disabled admins do not count.
    await user({ role: 'admin', status: 'disabled' });
    await user({ role: 'admin', status: 'pending' });
    for (const role of ['power_user', 'user'] as const) {
      const res = await patchRole(browser, admin.id, { role });
      expectClientError(res, 409);
      expect(res.json.error).toBe('There must always be at least one active admin.');
    }
    expect((await row(admin.id)).role).toBe('admin');
    expect(await audit(admin.id)).toHaveLength(0);

    // With a second active admin, one of them may step down.
    const second = await user({ role: 'admin' });
    expect((await patchRole(browser, second.id, { role: 'user' })).status).toBe(200);
    expectClientError(await patchRole(browser, admin.id, { role: 'user' }), 409);
  });

  it('answers an unknown user with 404', async () => {
    const { browser } = await as('admin');
    expectClientError(await patchRole(browser, 999_999_999, { role: 'user' }), 404);
  });
});

describe('PATCH /api/admin/users/{id}/status', () => {
  it("disables a user: every session of theirs ends at once, login says disabled, audit_log records it", async () => {
    const { account: admin, browser } = await as('admin');
    const target = await user();
    const phone = (await signedIn(target)).browser;
    await signedIn(target);
    expect(await sessionsOf(target.id)).toBe(2);

    const res = await patchStatus(browser, target.id, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, user: { user_id: target.id, status: 'disabled' } });
    expect(await sessionsOf(target.id)).toBe(0);
    expect((await phone.call(whoami, '/x')).status).toBe(401);
    expect(await audit(target.id)).toEqual([{ actor_id: admin.id, action: 'disabled', details: { from: 'active', to: 'disabled' } }]);

    const again = await new TestClient().call(login, '/x', { method: 'POST', body: { email: target.email, password: target.password } });
    expectClientError(again, 403);
    expect(again.json.error).toContain('disabled');
  });

  it('activates a verified pending user, e-mails the approval and records it', async () => {
    const { account: admin, browser } = await as('power_user');
    const target = await user({ status: 'pending', firstName: 'Blake' });
    const res = await patchStatus(browser, target.id, { isActive: true });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ status: 'active' });
    const mail = await waitForMail(mailDir, target.email, { subject: /approved/ });
    expect(mail.text).toContain('Blake');
    expect(mail.text).toContain('/login');
    expect(await audit(target.id)).toEqual([{ actor_id: admin.id, action: 'activated', details: { from: 'pending', to: 'active' } }]);
    expect((await new TestClient().call(login, '/x', { method: 'POST', body: { email: target.email, password: target.password } })).status).toBe(200);

    // Activating an active user changes nothing, sends nothing and records nothing.
    expect((await patchStatus(browser, target.id, { isActive: true })).status).toBe(200);
    expect(readMailbox(mailDir).filter((m) => m.to.includes(target.email))).toHaveLength(1);
    expect(await audit(target.id)).toHaveLength(1);
  });

  it('re-activates a disabled user', async () => {
    const { browser } = await as('admin');
    const target = await user({ status: 'disabled' });
    expect((await patchStatus(browser, target.id, { isActive: true })).status).toBe(200);
    expect((await row(target.id)).status).toBe('active');
  });

  it('refuses to activate an account whose e-mail is not verified', async () => {
    const { browser } = await as('admin');
    const target = await user({ status: 'pending', verified: false });
    expectClientError(await patchStatus(browser, target.id, { isActive: true }), 409);
    expect((await row(target.id)).status).toBe('pending');
    expect(await audit(target.id)).toHaveLength(0);
  });

  it('accepts { status: "active" | "disabled" } as well as { isActive }', async () => {
    const { account: admin, browser } = await as('admin');
    const target = await user({ status: 'pending' });
    const activated = await patchStatus(browser, target.id, { status: 'active' });
    expect(activated.status).toBe(200);
    expect(activated.json).toMatchObject({ success: true, user: { user_id: target.id, status: 'active' } });
    await waitForMail(mailDir, target.email, { subject: /approved/ });
    const session = (await signedIn(target)).browser;
    const disabled = await patchStatus(browser, target.id, { status: 'disabled' });
    expect(disabled.json.user).toMatchObject({ status: 'disabled' });
    expect((await session.call(whoami, '/x')).status).toBe(401);
    // Both, agreeing, are fine too.
    expect((await patchStatus(browser, target.id, { status: 'active', isActive: true })).json.user).toMatchObject({ status: 'active' });
    expect((await audit(target.id)).map((a) => [a.actor_id, a.action])).toEqual([
      [admin.id, 'activated'],
      [admin.id, 'disabled'],
      [admin.id, 'activated'],
    ]);
  });

  it('never disables the last active admin, not even by themselves', async () => {
    const { account: admin, browser } = await as('admin');
    await onlyActiveAdmin(admin.id);
    const res = await patchStatus(browser, admin.id, { isActive: false });
    expectClientError(res, 409);
    expect(res.json.error).toBe('There must always be at least one active admin.');
    expect((await row(admin.id)).status).toBe('active');
    expect((await browser.call(whoami, '/x')).status).toBe(200);
  });

  it('lets exactly one of two admins disabling each other at the same moment win', async () => {
    const a = await as('admin');
    const b = await as('admin');
    await onlyActiveAdmin(a.account.id);
    await sql(`UPDATE users SET role = 'admin' WHERE id = $1`, [b.account.id]);
    const results = await Promise.all([
      patchStatus(a.browser, b.account.id, { isActive: false }),
      patchStatus(b.browser, a.account.id, { isActive: false }),
    ]);
    // The loser is refused either by the last-admin rule (409) or, if the winner committed first, because
    // its own session is gone (401).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const active = await sql(`SELECT id FROM users WHERE role = 'admin' AND status = 'active'`);
    expect(active).toHaveLength(1);
  });

  it('keeps power users away from admin accounts', async () => {
    const { browser } = await as('power_user');
    const admin = await user({ role: 'admin' });
    expectClientError(await patchStatus(browser, admin.id, { isActive: false }), 403);
    expect((await row(admin.id)).status).toBe('active');
  });

  it('answers an unknown user with 404', async () => {
    const { browser } = await as('admin');
    expectClientError(await patchStatus(browser, 424_242_424, { isActive: false }), 404);
  });
});

describe('POST /api/admin/users/{id}/reset-password', () => {
  it('e-mails an active user a reset link and records it', async () => {
    const { account: admin, browser } = await as('admin');
    const target = await user();
    const res = await postReset(browser, target.id);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.message).toContain(target.email);
    const mail = await waitForMail(mailDir, target.email, { subject: /reset/i });
    expect(mail.text).toContain(`${env().APP_URL.replace(/\/$/, '')}/reset-password?token=`);
    expect(await sql('SELECT id FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [target.id])).toHaveLength(1);
    expect(await audit(target.id)).toEqual([{ actor_id: admin.id, action: 'password_reset_sent', details: null }]);
  });

  it.each(['pending', 'disabled'] as const)('refuses a %s user with "User must be active to reset password"', async (status) => {
    const { browser } = await as('admin');
    const target = await user({ status });
    const res = await postReset(browser, target.id);
    expectClientError(res, 409);
    expect(res.json.error).toBe('User must be active to reset password');
    expect(readMailbox(mailDir).filter((m) => m.to.includes(target.email))).toHaveLength(0);
    expect(await audit(target.id)).toHaveLength(0);
  });

  it("lets a power user reset a plain user's password but not an admin's", async () => {
    const { browser } = await as('power_user');
    expect((await postReset(browser, (await user()).id)).status).toBe(200);
    const admin = await user({ role: 'admin' });
    expectClientError(await postReset(browser, admin.id), 403);
    expect(await sql('SELECT id FROM password_reset_tokens WHERE user_id = $1', [admin.id])).toHaveLength(0);
  });

  it('answers an unknown user with 404', async () => {
    const { browser } = await as('admin');
    expectClientError(await postReset(browser, 777_777_777), 404);
  });
});

describe('admin API: bad requests get a JSON 4xx, never a 500', () => {
  type Call = (browser: TestClient, targetId: number) => ReturnType<TestClient['call']>;
  const endpoints: [string, Call][] = [
    ['GET /users', (b) => b.call(listUsers, '/api/admin/users')],
    ['PATCH /role', (b, id) => patchRole(b, id, { role: 'power_user' })],
    ['PATCH /status', (b, id) => patchStatus(b, id, { isActive: false })],
    ['POST /reset-password', (b, id) => postReset(b, id)],
  ];

  let target: TestUser;
  beforeEach(async () => {
    target = await user();
  });

  it.each(endpoints)('%s: 401 without a session', async (_name, call) => {
    expectClientError(await call(new TestClient(), target.id), 401);
  });

  it.each(endpoints)('%s: 403 for a plain user, and nothing changes', async (_name, call) => {
    const { browser } = await as('user');
    expectClientError(await call(browser, target.id), 403);
    expect(await row(target.id)).toEqual({ role: 'user', status: 'active' });
    expect(await audit(target.id)).toHaveLength(0);
  });

  const mutating: [string, (b: TestClient, id: string, options: Record<string, unknown>) => ReturnType<TestClient['call']>][] = [
    ['PATCH /role', (b, id, o) => b.call(setRole, `/api/admin/users/${id}/role`, { method: 'PATCH', params: { id }, ...o })],
    ['PATCH /status', (b, id, o) => b.call(setStatus, `/api/admin/users/${id}/status`, { method: 'PATCH', params: { id }, ...o })],
    ['POST /reset-password', (b, id, o) => b.call(resetPasswordOf, `/api/admin/users/${id}/reset-password`, { method: 'POST', params: { id }, ...o })],
  ];
  const validBody: Record<string, unknown> = { 'PATCH /role': { role: 'power_user' }, 'PATCH /status': { isActive: false }, 'POST /reset-password': undefined };

  it.each(mutating)('%s: 403 without X-Requested-With, even for an admin', async (name, call) => {
    const { browser } = await as('admin');
    expectClientError(await call(browser, String(target.id), { noXhr: true, body: validBody[name] }), 403);
    expect(await audit(target.id)).toHaveLength(0);
  });

  it.each(
    mutating.flatMap(([name, call]) =>
      ['abc', '-1', '1.5', '1e3', '0x10', ' 1', '9'.repeat(10), '9'.repeat(10_000), '1\u0000'].map((id) => [name, JSON.stringify(id).slice(0, 24), id, call] as const),
    ),
  )('%s: a user id of %s is a 4xx', async (name, _shown, id, call) => {
    const { browser } = await as('admin');
    const res = await call(browser, id, { body: validBody[name] });
    expectClientError(res);
  });

  it.each([
    ['malformed JSON', { rawBody: '{"role": "admin"' }],
    ['JSON null', { rawBody: 'null' }],
    ['an empty object', { body: {} }],
    ['an unknown role', { body: { role: 'superuser' } }],
    ['an upper-case role', { body: { role: 'ADMIN' } }],
    ['the role as a number', { body: { role: 2 } }],
    ['the role as an array', { body: { role: ['admin'] } }],
    ['a 10,000-character role', { body: { role: 'a'.repeat(10_000) } }],
    ['a role with a NUL character', { body: { role: 'admin\u0000' } }],
  ])('PATCH /role: refuses %s with 400', async (_label, options) => {
    const { browser } = await as('admin');
    expectClientError(await mutating[0][1](browser, String(target.id), options), 400);
    expect((await row(target.id)).role).toBe('user');
  });

  it.each([
    ['malformed JSON', { rawBody: '{"isActive": tru' }],
    ['JSON null', { rawBody: 'null' }],
    ['an empty object', { body: {} }],
    ['isActive as a string', { body: { isActive: 'false' } }],
    ['isActive as a number', { body: { isActive: 0 } }],
    ['isActive as null', { body: { isActive: null } }],
    ['a 10,000-character isActive', { body: { isActive: 'f'.repeat(10_000) } }],
    ['status "pending"', { body: { status: 'pending' } }],
    ['status "Active" (names are exact)', { body: { status: 'Active' } }],
    ['status as a boolean', { body: { status: true } }],
    ['status and isActive disagreeing', { body: { status: 'active', isActive: false } }],
    ['a 10,000-character status', { body: { status: 'd'.repeat(10_000) } }],
  ])('PATCH /status: refuses %s with 400', async (_label, options) => {
    const { browser } = await as('admin');
    expectClientError(await mutating[1][1](browser, String(target.id), options), 400);
    expect((await row(target.id)).status).toBe('active');
  });

  it('POST /reset-password: ignores a body it does not need', async () => {
    const { browser } = await as('admin');
    const res = await mutating[2][1](browser, String(target.id), { rawBody: '{"x": 1}' });
    expect(res.status).toBe(200);
  });
});

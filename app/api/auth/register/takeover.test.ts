import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATCH as setStatus } from '@/app/api/admin/users/[id]/status/route';
import { env } from '@/lib/env';
import { expectClientError, TestClient } from '@/scripts/testing/api';
import { startMailServer, waitForMail, readMailbox } from '@/scripts/testing/mail-server';
import { sql } from '@/scripts/testing/sql';
import { POST as login } from '../login/route';
import { POST as resend } from '../resend-verification/route';
import { POST as verifyEmail } from '../verify-email/route';
import { POST as register } from './route';
import { newUser } from '@/scripts/testing/harness';

// The pre-registration takeover: someone registers an address that is not theirs with a password of their
// own, before or after its owner does. Whoever proves the mailbox must decide the password: after the
// owner verifies and an admin approves, the owner's password works and the stranger's never does.
// Everything goes through the API, with e-mail read from a real SMTP server (the codes land in the
// owner's mailbox only; the stranger never sees them).

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-takeover-mail-'));
let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let admin: TestClient;

beforeAll(async () => {
  mailServer = await startMailServer(mailDir);
  process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
  const account = await newUser({ role: 'admin' });
  admin = new TestClient();
  expect((await admin.call(login, '/x', { method: 'POST', body: { email: account.email, password: account.password } })).status).toBe(200);
});

afterAll(async () => {
  await mailServer?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const OWNER_PASSWORD = 'Owner-Barrel-Proof1!';
const STRANGER_PASSWORD = 'Stranger-Takes-It9?';
const uniqueEmail = () => `owner-${randomBytes(5).toString('hex')}@example.test`;
const codesIn = (email: string) => readMailbox(mailDir).filter((m) => m.to.includes(email) && /verification code/.test(m.subject)).map((m) => /(\d{6})/.exec(m.subject)![1]);

/** The newest verification code in the owner's mailbox, once `count` of them have arrived. */
async function nthCode(email: string, count: number): Promise<string> {
  await waitForMail(mailDir, email, { subject: /verification code/ });
  for (let i = 0; i < 100 && codesIn(email).length < count; i++) await new Promise((r) => setTimeout(r, 100));
  const codes = codesIn(email);
  expect(codes).toHaveLength(count);
  return codes[count - 1];
}

const registerAs = (browser: TestClient, email: string, firstName: string, password: string) =>
  browser.call(register, '/api/auth/register', { method: 'POST', body: { first_name: firstName, last_name: 'Doe', email, password } });

const verify = (browser: TestClient, email: string, code: string, registration?: unknown) =>
  browser.call(verifyEmail, '/api/auth/verify-email', { method: 'POST', body: { email, code, ...(registration ? { registration } : {}) } });

const logIn = (email: string, password: string) =>
  new TestClient().call(login, '/api/auth/login', { method: 'POST', body: { email, password } });

/** The resend cooldown (60 s) is over, as if a minute had passed. */
const pastCooldown = (email: string) =>
  sql(`UPDATE email_verifications SET sent_at = now() - interval '61 seconds' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);

async function approve(email: string) {
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const res = await admin.call(setStatus, `/api/admin/users/${id}/status`, { method: 'PATCH', params: { id: String(id) }, body: { isActive: true } });
  expect(res.status).toBe(200);
}

/** After approval: the owner signs in with their password, the stranger's is refused like any wrong one. */
async function expectOwnerWins(email: string) {
  await approve(email);
  expect((await logIn(email, OWNER_PASSWORD)).status).toBe(200);
  const stranger = await logIn(email, STRANGER_PASSWORD);
  expectClientError(stranger, 401);
  expect(stranger.json.error).toBe('Invalid email or password');
  const [row] = await sql<{ first_name: string }>('SELECT first_name FROM users WHERE email = $1', [email]);
  expect(row.first_name).toBe('Owner');
}

describe('registering an address that is registered but not verified', () => {
  it('stranger first: the owner registering later replaces the password, and the stranger’s code stops working', async () => {
    const email = uniqueEmail();
    const stranger = new TestClient();
    expect((await registerAs(stranger, email, 'Stranger', STRANGER_PASSWORD)).status).toBe(201);
    const strangersCode = await nthCode(email, 1); // lands in the owner's mailbox

    await pastCooldown(email);
    const owner = new TestClient();
    const again = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    expectClientError(again, 409);
    expect(again.json.code).toBe('UNVERIFIED_EXISTS');
    expect(typeof again.json.registration).toBe('string');
    const ownersCode = await nthCode(email, 2);

    if (strangersCode !== ownersCode) expectClientError(await verify(owner, email, strangersCode), 400);
    expect((await verify(owner, email, ownersCode, again.json.registration)).status).toBe(200);
    await expectOwnerWins(email);
  });

  it('stranger first, the owner within the resend cooldown: the stranger’s code is void, the resent one is the owner’s', async () => {
    const email = uniqueEmail();
    expect((await registerAs(new TestClient(), email, 'Stranger', STRANGER_PASSWORD)).status).toBe(201);
    const strangersCode = await nthCode(email, 1);

    const owner = new TestClient();
    const again = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    expectClientError(again, 409);
    expect(again.json.message).toMatch(/request a new one/);
    expect(codesIn(email)).toHaveLength(1); // the cooldown holds: no second e-mail yet
    const stale = await verify(owner, email, strangersCode);
    expectClientError(stale, 400);
    expect(stale.json.code).toBe('EXPIRED');

    await pastCooldown(email);
    expect((await owner.call(resend, '/x', { method: 'POST', body: { email } })).status).toBe(200);
    expect((await verify(owner, email, await nthCode(email, 2), again.json.registration)).status).toBe(200);
    await expectOwnerWins(email);
  });

  it('stranger after the owner: the owner’s screen refuses the stranger’s code, and registering again restores the owner’s password', async () => {
    const email = uniqueEmail();
    const owner = new TestClient();
    const first = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    expect(first.status).toBe(201);
    const ownersFirstCode = await nthCode(email, 1);

    await pastCooldown(email);
    const stranger = await registerAs(new TestClient(), email, 'Stranger', STRANGER_PASSWORD);
    expect(stranger.json.code).toBe('UNVERIFIED_EXISTS');
    const strangersCode = await nthCode(email, 2); // mailed to the owner too

    // The owner's first code no longer works...
    if (ownersFirstCode !== strangersCode) expectClientError(await verify(owner, email, ownersFirstCode, first.json.registration), 400);
    // ...and the newest code in their mailbox is for the stranger's registration: refused, not activated.
    const replaced = await verify(owner, email, strangersCode, first.json.registration);
    expectClientError(replaced, 409);
    expect(replaced.json.code).toBe('REGISTRATION_REPLACED');
    expect(replaced.json.error).toMatch(/register again/i);
    expect((await sql('SELECT email_verified_at FROM users WHERE email = $1 AND email_verified_at IS NOT NULL', [email]))).toHaveLength(0);

    // The owner registers again: their password is back, the stranger's code is void.
    const again = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    expect(again.json.code).toBe('UNVERIFIED_EXISTS');
    expectClientError(await verify(new TestClient(), email, strangersCode), 400);
    await pastCooldown(email);
    expect((await owner.call(resend, '/x', { method: 'POST', body: { email } })).status).toBe(200);
    expect((await verify(owner, email, await nthCode(email, 3), again.json.registration)).status).toBe(200);
    await expectOwnerWins(email);
  });

  it('stranger after the owner, within the cooldown: the owner’s code is void and a resent code is still not theirs', async () => {
    const email = uniqueEmail();
    const owner = new TestClient();
    const first = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    const ownersCode = await nthCode(email, 1);
    expect((await registerAs(new TestClient(), email, 'Stranger', STRANGER_PASSWORD)).json.code).toBe('UNVERIFIED_EXISTS');
    expect((await verify(owner, email, ownersCode, first.json.registration)).json.code).toBe('EXPIRED');

    // "Please request a new one": the new code is for the current (the stranger's) registration.
    await pastCooldown(email);
    expect((await owner.call(resend, '/x', { method: 'POST', body: { email } })).status).toBe(200);
    const resent = await nthCode(email, 2);
    expect((await verify(owner, email, resent, first.json.registration)).json.code).toBe('REGISTRATION_REPLACED');

    const again = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    expectClientError(again, 409);
    await pastCooldown(email);
    expect((await owner.call(resend, '/x', { method: 'POST', body: { email } })).status).toBe(200);
    expect((await verify(owner, email, await nthCode(email, 3), again.json.registration)).status).toBe(200);
    await expectOwnerWins(email);
  });

  it('a code activates the password of the registration it was sent for, even without the registration', async () => {
    const email = uniqueEmail();
    expect((await registerAs(new TestClient(), email, 'Owner', OWNER_PASSWORD)).status).toBe(201);
    const code = await nthCode(email, 1);
    // The password row is changed behind the code's back (as a registration racing the verification would):
    // the code still activates what it was sent for.
    await sql(`UPDATE users SET password_hash = 'x', first_name = 'Stranger' WHERE email = $1`, [email]);
    expect((await verify(new TestClient(), email, code)).status).toBe(200);
    await expectOwnerWins(email);
  });

  it('login of an unverified account names the registration its password belongs to', async () => {
    const email = uniqueEmail();
    const created = await registerAs(new TestClient(), email, 'Owner', OWNER_PASSWORD);
    const res = await logIn(email, OWNER_PASSWORD);
    expectClientError(res, 403);
    expect(res.json).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', registration: created.json.registration });
  });

  it('an address that is verified cannot be registered again', async () => {
    const email = uniqueEmail();
    const owner = new TestClient();
    const created = await registerAs(owner, email, 'Owner', OWNER_PASSWORD);
    expect((await verify(owner, email, await nthCode(email, 1), created.json.registration)).status).toBe(200);
    const res = await registerAs(new TestClient(), email, 'Stranger', STRANGER_PASSWORD);
    expectClientError(res, 409);
    expect(res.json.code).toBe('EMAIL_EXISTS');
    expect(res.json).not.toHaveProperty('registration');
    await expectOwnerWins(email);
  });
});

describe('two correct codes at once', () => {
  it('verify once: one 200, the other 409 ALREADY_VERIFIED, never a 500', async () => {
    const email = uniqueEmail();
    expect((await registerAs(new TestClient(), email, 'Owner', OWNER_PASSWORD)).status).toBe(201);
    const code = await nthCode(email, 1);
    const answers = await Promise.all(Array.from({ length: 4 }, () => verify(new TestClient(), email, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.code).toBe('ALREADY_VERIFIED');
    const [{ id }] = await sql<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    expect(await sql(`SELECT 1 FROM audit_log WHERE target_user_id = $1 AND action = 'email_verified'`, [id])).toHaveLength(1);
    await waitForMail(mailDir, email, { subject: /welcome/i });
    expect(readMailbox(mailDir).filter((m) => m.to.includes(email) && /welcome/i.test(m.subject))).toHaveLength(1);
  });
});

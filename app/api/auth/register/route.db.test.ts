import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '@/lib/auth/rules';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { readMailbox, startMailServer, waitForMail } from '@/testing/mail-server';
import { POST as login } from '../login/route';
import { POST as verifyEmail } from '../verify-email/route';
import { POST as register } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser } from '@/testing/harness';

// POST /api/auth/register against the real database and a real SMTP server.

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-register-mail-'));
let mailServer: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mailServer = await startMailServer(mailDir);
  process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL); // configuration is read once: make sure it saw the server
});

afterAll(async () => {
  await mailServer?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const uniqueEmail = (tag = 'reg') => `${tag}-${randomBytes(5).toString('hex')}@example.test`;
const STRONG = 'Barrel-Proof1!';

function form(overrides: Record<string, unknown> = {}) {
  return { first_name: 'Riley', last_name: 'Stone', email: uniqueEmail(), password: STRONG, ...overrides };
}

const mailsTo = (email: string) => readMailbox(mailDir).filter((m) => m.to.includes(email));
const codeOf = (mail: { subject: string }) => /(\d{6})/.exec(mail.subject)![1];

/** Rate-limit windows are fixed; start a limit test well inside one so it cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('POST /api/auth/register', () => {
  it('creates an unverified account with a bcrypt hash and e-mails a hashed 6-digit code valid 30 minutes', async () => {
    const email = uniqueEmail();
    const before = Date.now();
    const res = await new TestClient().call(register, '/api/auth/register', {
      method: 'POST',
      body: form({ email: `  ${email.toUpperCase()}  `, first_name: '  Riley ', last_name: ' Stone  ' }),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ success: true, email });
    expect(res.json.message).toMatch(/verification code/i);

    const [user] = await sql<{ id: number; first_name: string; last_name: string; status: string; role: string; email_verified_at: Date | null; password_hash: string }>(
      'SELECT * FROM users WHERE email = $1',
      [email],
    );
    expect(user).toMatchObject({ first_name: 'Riley', last_name: 'Stone', status: 'pending', role: 'user', email_verified_at: null });
    expect(user.password_hash).toMatch(/^\$2[aby]\$04\$/); // BCRYPT_COST=4 in tests
    expect(await bcrypt.compare(STRONG, user.password_hash)).toBe(true);

    const mail = await waitForMail(mailDir, email, { subject: /verification code/ });
    const code = codeOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    expect(mail.text).toMatch(/30 minutes/);

    const [row] = await sql<{ code_hash: string; expires_at: Date; attempts_left: number }>(
      'SELECT * FROM email_verifications WHERE user_id = $1',
      [user.id],
    );
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.attempts_left).toBe(3);
    const ttl = row.expires_at.getTime() - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(31 * 60_000);

    // Not verified yet: no login.
    const attempt = await new TestClient().call(login, '/api/auth/login', { method: 'POST', body: { email, password: STRONG } });
    expect(attempt.status).toBe(403);
    expect(attempt.json.error).not.toMatch(/pending approval/);
  });

  it('answers UNVERIFIED_EXISTS for an unverified address and sends a fresh code once the cooldown allows', async () => {
    const browser = new TestClient();
    const email = uniqueEmail();
    expect((await browser.call(register, '/x', { method: 'POST', body: form({ email }) })).status).toBe(201);
    const first = codeOf(await waitForMail(mailDir, email));

    // Within the 60 s cooldown: same code, no new e-mail.
    const again = await browser.call(register, '/x', { method: 'POST', body: form({ email: email.toUpperCase() }) });
    expectClientError(again, 409);
    expect(again.json.code).toBe('UNVERIFIED_EXISTS');
    expect(typeof again.json.message).toBe('string');
    expect(mailsTo(email)).toHaveLength(1);

    // After the cooldown: a fresh code, and the old one is void.
    await sql(`UPDATE email_verifications SET sent_at = now() - interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
    const sentAfter = new Date();
    const third = await browser.call(register, '/x', { method: 'POST', body: form({ email }) });
    expectClientError(third, 409);
    expect(third.json.code).toBe('UNVERIFIED_EXISTS');
    expect(third.json.message).toMatch(/new verification code/);
    const second = codeOf(await waitForMail(mailDir, email, { after: sentAfter }));
    expect(mailsTo(email)).toHaveLength(2);
    expect((await sql('SELECT id FROM users WHERE email = $1', [email])).length).toBe(1);

    if (second !== first) {
      const old = await browser.call(verifyEmail, '/x', { method: 'POST', body: { email, code: first } });
      expectClientError(old, 400);
    }
    const ok = await browser.call(verifyEmail, '/x', { method: 'POST', body: { email, code: second } });
    expect(ok.status).toBe(200);
  });

  it('refuses an address that is already verified with a plain error', async () => {
    const existing = await newUser();
    const res = await new TestClient().call(register, '/x', { method: 'POST', body: form({ email: ` ${existing.email.toUpperCase()}` }) });
    expectClientError(res, 409);
    expect(res.json.code).not.toBe('UNVERIFIED_EXISTS');
    expect(mailsTo(existing.email)).toHaveLength(0);
  });

  it.each([
    ['too short', 'Ab1!xyz'],
    ['no lowercase letter', 'BARREL-PROOF1!'],
    ['no uppercase letter', 'barrel-proof1!'],
    ['no number', 'Barrel-Proof!!'],
    ['no symbol', 'BarrelProof12'],
  ])('refuses a password with %s', async (_label, password) => {
    const email = uniqueEmail();
    const res = await new TestClient().call(register, '/x', { method: 'POST', body: form({ email, password }) });
    expectClientError(res, 400);
    expect(res.json.error).toMatch(/at least 8 characters/);
    expect(await sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
  });

  it.each([
    ['a blank first name', { first_name: '   ' }, 'First name, last name and email are required.'],
    ['a blank last name', { last_name: '' }, 'First name, last name and email are required.'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['a 101-character name', { first_name: 'R'.repeat(101) }, 'at most 100 characters'],
    ['a 129-character password', { password: `Aa1!${'x'.repeat(125)}` }, 'less than 128 characters'],
  ])('refuses %s with the rule message', async (_label, overrides, message) => {
    const res = await new TestClient().call(register, '/x', { method: 'POST', body: form(overrides) });
    expectClientError(res, 400);
    expect(res.json.error).toContain(message);
  });

  // Names are names: what a registrant types is printed in e-mails (to admins, and to the user once the
  // address is verified), so it must not be able to carry a message or a link.
  it.each([
    ['a sentence with a link', { first_name: 'your account is locked. Go to https://evil.example/unlock now' }],
    ['a bare domain', { last_name: 'evil.example' }],
    ['a domain with a one-letter label', { first_name: 'Go to x.co' }],
    ['an e-mail address', { first_name: 'support@evil.example' }],
    ['digits', { last_name: 'Call 0800 555 0100' }],
    ['angle brackets', { first_name: '<b>Riley</b>' }],
    ['a line break', { first_name: 'Riley\nClick here' }],
    ['punctuation only', { last_name: "'-." }],
  ])('refuses %s as a name with a clear 400 and creates nothing', async (_label, overrides) => {
    const email = uniqueEmail();
    const res = await new TestClient().call(register, '/x', { method: 'POST', body: form({ email, ...overrides }) });
    expectClientError(res, 400);
    expect(res.json.error).toBe(RULE_MESSAGES.nameCharacters);
    expect(await sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(0);
  });

  it.each([
    ["O'Brien", 'Núñez-Ávila'],
    ['Mary Ann', "D’Angelo"],
    ['J. R.', 'St. John, Jr.'],
    ['Zoë', 'Åberg'],
  ])('accepts real names such as %s %s', async (first_name, last_name) => {
    const res = await new TestClient().call(register, '/x', { method: 'POST', body: form({ first_name, last_name }) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  });

  it('mails the code to the unverified address without any text the registrant typed', async () => {
    const email = uniqueEmail();
    const res = await new TestClient().call(register, '/x', { method: 'POST', body: form({ email, first_name: 'Zebediah', last_name: 'Quillfeather' }) });
    expect(res.status).toBe(201);
    const mail = await waitForMail(mailDir, email, { subject: /verification code/ });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('Zebediah');
      expect(part).not.toContain('Quillfeather');
    }
    expect(mail.text).toContain(codeOf(mail));
  });

  const fields = ['first_name', 'last_name', 'email', 'password'] as const;
  type Case = [label: string, options: () => Parameters<TestClient['call']>[2], status: number];
  const cases: Case[] = [
    ['no X-Requested-With header', () => ({ noXhr: true, body: form() }), 403],
    ['malformed JSON', () => ({ rawBody: '{"email": ' }), 400],
    ['a JSON array', () => ({ rawBody: '[1,2,3]' }), 400],
    ['JSON null', () => ({ rawBody: 'null' }), 400],
    ['an empty body', () => ({}), 400],
    ['an empty object', () => ({ body: {} }), 400],
    ...fields.map((f): Case => [`a missing ${f}`, () => ({ body: { ...form(), [f]: undefined } }), 400]),
    ...fields.map((f): Case => [`${f} as a number`, () => ({ body: { ...form(), [f]: 12345 } }), 400]),
    ...fields.map((f): Case => [`${f} as an object`, () => ({ body: { ...form(), [f]: { $ne: '' } } }), 400]),
    ...fields.map((f): Case => [`${f} as an array`, () => ({ body: { ...form(), [f]: ['a'] } }), 400]),
    ...fields.map((f): Case => [`${f} of 10,000 characters`, () => ({ body: { ...form(), [f]: `Aa1!${'x'.repeat(9_996)}` } }), 400]),
    ['a body over 64 KB', () => ({ body: { ...form(), first_name: 'x'.repeat(70_000) } }), 400],
    ['a NUL character in the first name', () => ({ body: form({ first_name: 'Ri\u0000ley' }) }), 400],
    ['a NUL character in the e-mail', () => ({ body: form({ email: `a\u0000${uniqueEmail()}` }) }), 400],
  ];
  it.each(cases)('refuses %s with a JSON 4xx, never a 500', async (_label, options, status) => {
    const res = await new TestClient().call(register, '/api/auth/register', { method: 'POST', ...options() });
    expectClientError(res, status);
  });

  it('limits registrations per IP address (429 with a message and Retry-After)', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_REGISTER.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const browser = new TestClient();
    for (let i = 0; i < limit; i++) {
      const res = await browser.call(register, '/x', { method: 'POST', body: form() });
      expect(res.status).toBe(201);
    }
    const email = uniqueEmail();
    const blocked = await browser.call(register, '/x', { method: 'POST', body: form({ email }) });
    expectClientError(blocked, 429);
    expect(blocked.json.error).toMatch(/try again in/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
    // Another address is unaffected.
    expect((await new TestClient().call(register, '/x', { method: 'POST', body: form() })).status).toBe(201);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { readMailbox, startMailServer, waitForMail } from '@/testing/mail-server';
import { POST as login } from '../login/route';
import { POST as register } from '../register/route';
import { POST as resend } from '../resend-verification/route';
import { POST as verifyEmail } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser } from '@/testing/harness';

// POST /api/auth/verify-email: the 6-digit code, its 3 attempts and 30 minutes, what happens once
// an address is verified (pending approval, welcome e-mail, admins notified), and the IP limit.

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-verify-mail-'));
let mailServer: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mailServer = await startMailServer(mailDir);
  process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
});

afterAll(async () => {
  await mailServer?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const uniqueEmail = (tag = 'verify') => `${tag}-${randomBytes(5).toString('hex')}@example.test`;
const STRONG = 'Single-Barrel9!';
const codeOf = (mail: { subject: string }) => /(\d{6})/.exec(mail.subject)![1];
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Registers through the API and returns the e-mailed code. */
async function registered(firstName = 'Morgan') {
  const email = uniqueEmail();
  const res = await new TestClient().call(register, '/api/auth/register', {
    method: 'POST',
    body: { first_name: firstName, last_name: 'Reed', email, password: STRONG },
  });
  expect(res.status).toBe(201);
  const code = codeOf(await waitForMail(mailDir, email, { subject: /verification code/ }));
  return { email, code };
}

const verify = (browser: TestClient, email: string, code: unknown) =>
  browser.call(verifyEmail, '/api/auth/verify-email', { method: 'POST', body: { email, code } });

describe('POST /api/auth/verify-email', () => {
  it('verifies with the right code: pending approval, welcome e-mail (24-48 hours), every active admin notified', async () => {
    const admins = [await newUser({ role: 'admin' }), await newUser({ role: 'admin' })];
    const disabledAdmin = await newUser({ role: 'admin', status: 'disabled' });
    const { email, code } = await registered('Avery');

    const res = await verify(new TestClient(), ` ${email.toUpperCase()} `, code);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);

    const [user] = await sql<{ id: number; status: string; email_verified_at: Date | null }>('SELECT * FROM users WHERE email = $1', [email]);
    expect(user.status).toBe('pending');
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(await sql('SELECT 1 FROM email_verifications WHERE user_id = $1', [user.id])).toHaveLength(0);
    expect(await sql('SELECT actor_id, action FROM audit_log WHERE target_user_id = $1', [user.id])).toEqual([{ actor_id: user.id, action: 'email_verified' }]);

    const welcome = await waitForMail(mailDir, email, { subject: /welcome/i });
    expect(welcome.text).toContain('24-48 hours');
    expect(welcome.text).toContain('Avery');
    for (const admin of admins) {
      const note = await waitForMail(mailDir, admin.email, { subject: /awaiting approval/ });
      expect(note.text).toContain(email);
      expect(note.text).toContain('/admin');
    }
    expect(readMailbox(mailDir).filter((m) => m.to.includes(disabledAdmin.email))).toHaveLength(0);

    // The account now waits for an admin: login says so (with the right password).
    const attempt = await new TestClient().call(login, '/api/auth/login', { method: 'POST', body: { email, password: STRONG } });
    expectClientError(attempt, 403);
    expect(attempt.json.error).toContain('pending approval');

    // A second verification of the same address is refused.
    expectClientError(await verify(new TestClient(), email, code), 409);
  });

  it('counts down remainingAttempts on wrong codes, then answers TOO_MANY_ATTEMPTS even for the right code', async () => {
    const { email, code } = await registered();
    const browser = new TestClient();
    const wrong = otherThan(code);

    const first = await verify(browser, email, wrong);
    expectClientError(first, 400);
    expect(first.json.remainingAttempts).toBe(2);
    const second = await verify(browser, email, wrong);
    expectClientError(second, 400);
    expect(second.json.remainingAttempts).toBe(1);
    const third = await verify(browser, email, wrong);
    expectClientError(third, 429);
    expect(third.json).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', remainingAttempts: 0 });
    expect(third.json.error).toBe('Too many attempts. Please request a new verification code.');

    const right = await verify(browser, email, code);
    expectClientError(right, 429);
    expect(right.json.code).toBe('TOO_MANY_ATTEMPTS');
    expect((await sql<{ email_verified_at: Date | null }>('SELECT email_verified_at FROM users WHERE email = $1', [email]))[0].email_verified_at).toBeNull();

    // A new code (after the resend cooldown) restores 3 attempts and works; the old one is void.
    await sql(`UPDATE email_verifications SET sent_at = now() - interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
    const after = new Date();
    expect((await browser.call(resend, '/x', { method: 'POST', body: { email } })).status).toBe(200);
    const fresh = codeOf(await waitForMail(mailDir, email, { after }));
    const [row] = await sql<{ attempts_left: number }>('SELECT attempts_left FROM email_verifications WHERE user_id = (SELECT id FROM users WHERE email = $1)', [email]);
    expect(row.attempts_left).toBe(3);
    if (fresh !== code) expectClientError(await verify(browser, email, code), 400);
    expect((await verify(browser, email, fresh)).status).toBe(200);
  });

  it('answers EXPIRED after 30 minutes, even for the right code', async () => {
    const { email, code } = await registered();
    await sql(`UPDATE email_verifications SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
    const res = await verify(new TestClient(), email, code);
    expectClientError(res, 400);
    expect(res.json.code).toBe('EXPIRED');
    expect(res.json.error).toBe('Verification code has expired. Please request a new one.');
  });

  it('accepts a code one minute before it expires', async () => {
    const { email, code } = await registered();
    await sql(`UPDATE email_verifications SET expires_at = now() + interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
    expect((await verify(new TestClient(), email, code)).status).toBe(200);
  });

  it('gives an unknown address a plain error', async () => {
    const res = await verify(new TestClient(), uniqueEmail('nobody'), '123456');
    expectClientError(res, 400);
  });

  it('stops parallel guesses at 3 attempts (the counter is decremented atomically)', async () => {
    const { email, code } = await registered();
    const wrong = otherThan(code);
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(new TestClient(), email, wrong)));
    expect(results.every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
    expect((await verify(new TestClient(), email, code)).json.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('bounds wrong codes per account across resends (RATE_LIMIT_VERIFY_ACCOUNT), whatever the addresses they come from', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_VERIFY_ACCOUNT.split('/').map(Number);
    expect(limit).toBeLessThanOrEqual(10);
    await awayFromWindowEdge(windowSeconds);
    const { email } = await registered();
    let wrongSent = 0;
    let code = '';
    // Each resend gives a fresh code with 3 attempts; a guesser asks for one after every 3 wrong codes.
    while (wrongSent < limit) {
      await sql(`UPDATE email_verifications SET sent_at = now() - interval '2 minutes' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
      const sentAfter = new Date();
      expect((await new TestClient().call(resend, '/x', { method: 'POST', body: { email } })).status).toBe(200);
      code = codeOf(await waitForMail(mailDir, email, { subject: /verification code/, after: sentAfter }));
      for (let i = 0; i < 2 && wrongSent < limit; i++, wrongSent++) {
        expectClientError(await verify(new TestClient(), email, otherThan(code)), 400); // a new address every time
      }
    }
    // The account has had its wrong codes for this window: no guess is checked, not even a right one.
    const blocked = await verify(new TestClient(), email, code);
    expectClientError(blocked, 429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(blocked.json.error).toMatch(/try again in/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await sql<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1', [email]))[0].verified).toBe(false);

    // Right codes do not count: another account verifies after as many right codes as it likes.
    const other = await registered();
    expect((await verify(new TestClient(), other.email, other.code)).status).toBe(200);
  });

  it('stops a brute force from one address with the verify rate limit (429 with a message)', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_VERIFY.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const attacker = new TestClient();
    // The attacker spreads guesses over several accounts so the per-code limit does not stop them first.
    const victims = await Promise.all(Array.from({ length: Math.ceil(limit / 2) + 1 }, () => registered()));
    let sent = 0;
    for (const victim of victims) {
      for (let i = 0; i < 2 && sent < limit; i++, sent++) {
        const res = await verify(attacker, victim.email, otherThan(victim.code));
        expectClientError(res, 400);
      }
    }
    const target = victims.at(-1)!;
    const blocked = await verify(attacker, target.email, target.code);
    expectClientError(blocked, 429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(blocked.json.error).toMatch(/try again in/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from their own address, is not locked out.
    expect((await verify(new TestClient(), target.email, target.code)).status).toBe(200);
  });

  it.each([
    ['no X-Requested-With header', { noXhr: true, body: { email: 'a@example.test', code: '123456' } }, 403],
    ['malformed JSON', { rawBody: '{"code": 12' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['an empty object', { body: {} }, 400],
    ['a missing code', { body: { email: 'a@example.test' } }, 400],
    ['a missing e-mail', { body: { code: '123456' } }, 400],
    ['the code as a number', { body: { email: 'a@example.test', code: 123456 } }, 400],
    ['the e-mail as a number', { body: { email: 42, code: '123456' } }, 400],
    ['the code as an array', { body: { email: 'a@example.test', code: ['1', '2', '3', '4', '5', '6'] } }, 400],
    ['five digits', { body: { email: 'a@example.test', code: '12345' } }, 400],
    ['seven digits', { body: { email: 'a@example.test', code: '1234567' } }, 400],
    ['letters', { body: { email: 'a@example.test', code: 'abcdef' } }, 400],
    ['a code with spaces', { body: { email: 'a@example.test', code: '123 456' } }, 400],
    ['a 10,000-character code', { body: { email: 'a@example.test', code: '1'.repeat(10_000) } }, 400],
    ['a 10,000-character e-mail', { body: { email: `${'a'.repeat(10_000)}@example.test`, code: '123456' } }, 400],
    ['a NUL character in the e-mail', { body: { email: 'a\u0000@example.test', code: '123456' } }, 400],
  ])('refuses %s with a JSON 4xx, never a 500', async (_label, options, status) => {
    const res = await new TestClient().call(verifyEmail, '/api/auth/verify-email', { method: 'POST', ...options });
    expectClientError(res, status);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { readMailbox, startMailServer, waitForMail } from '@/testing/mail-server';
import { POST as register } from '../register/route';
import { POST as verifyEmail } from '../verify-email/route';
import { POST as resend } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser } from '@/testing/harness';

// POST /api/auth/resend-verification: 60 s cooldown with waitTime, a new code voids the old one,
// the same answer for unknown and verified addresses, and the per-IP limit.

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-resend-mail-'));
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

const uniqueEmail = (tag = 'resend') => `${tag}-${randomBytes(5).toString('hex')}@example.test`;
const codeOf = (mail: { subject: string }) => /(\d{6})/.exec(mail.subject)![1];
const mailsTo = (email: string) => readMailbox(mailDir).filter((m) => m.to.includes(email));

async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function registered() {
  const email = uniqueEmail();
  const res = await new TestClient().call(register, '/api/auth/register', {
    method: 'POST',
    body: { first_name: 'Quinn', last_name: 'Hale', email, password: 'Wheated-Mash7!' },
  });
  expect(res.status).toBe(201);
  return { email, code: codeOf(await waitForMail(mailDir, email)) };
}

const pastCooldown = (email: string) =>
  sql(`UPDATE email_verifications SET sent_at = now() - interval '61 seconds' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);

const resendTo = (browser: TestClient, email: unknown) =>
  browser.call(resend, '/api/auth/resend-verification', { method: 'POST', body: { email } });

describe('POST /api/auth/resend-verification', () => {
  it('refuses a resend within 60 seconds with waitTime and Retry-After', async () => {
    const { email } = await registered();
    const res = await resendTo(new TestClient(), email);
    expectClientError(res, 429);
    expect(res.json.waitTime).toBeGreaterThan(30); // about 60, less whatever time registering took
    expect(res.json.waitTime).toBeLessThanOrEqual(60);
    expect(res.json.error).toBe(`Please wait ${res.json.waitTime} seconds before requesting a new code`);
    expect(res.headers.get('retry-after')).toBe(String(res.json.waitTime));
    expect(mailsTo(email)).toHaveLength(1);

    // 45 s later, about 15 s remain.
    await sql(`UPDATE email_verifications SET sent_at = now() - interval '45 seconds' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
    const later = await resendTo(new TestClient(), email);
    expectClientError(later, 429);
    expect(later.json.waitTime).toBeGreaterThanOrEqual(10);
    expect(later.json.waitTime).toBeLessThanOrEqual(15);
  });

  it('sends a new code after the cooldown: the old code is void, attempts are back to 3, the cooldown restarts', async () => {
    const { email, code: oldCode } = await registered();
    const browser = new TestClient();
    // Spend one attempt on the old code.
    const wrong = String((Number(oldCode) + 1) % 1_000_000).padStart(6, '0');
    expect((await browser.call(verifyEmail, '/x', { method: 'POST', body: { email, code: wrong } })).json.remainingAttempts).toBe(2);

    await pastCooldown(email);
    const after = new Date();
    const res = await resendTo(browser, ` ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    const newCode = codeOf(await waitForMail(mailDir, email, { after }));
    expect(mailsTo(email)).toHaveLength(2);
    const [row] = await sql<{ attempts_left: number; code_hash: string }>(
      'SELECT * FROM email_verifications WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [email],
    );
    expect(row.attempts_left).toBe(3);
    expect(row.code_hash).not.toContain(newCode);

    expectClientError(await resendTo(browser, email), 429); // cooldown restarted

    if (newCode !== oldCode) {
      const old = await browser.call(verifyEmail, '/x', { method: 'POST', body: { email, code: oldCode } });
      expectClientError(old, 400);
    }
    expect((await browser.call(verifyEmail, '/x', { method: 'POST', body: { email, code: newCode } })).status).toBe(200);
  });

  it('answers an unknown address and a verified one exactly like a real one, and sends nothing', async () => {
    const { email } = await registered();
    await pastCooldown(email);
    const real = await resendTo(new TestClient(), email);
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await resendTo(new TestClient(), unknownEmail);
    const verified = await newUser();
    const done = await resendTo(new TestClient(), verified.email);
    expect(real.status).toBe(200);
    expect(unknown).toMatchObject({ status: real.status, json: real.json });
    expect(done).toMatchObject({ status: real.status, json: real.json });
    expect(mailsTo(unknownEmail)).toHaveLength(0);
    expect(mailsTo(verified.email)).toHaveLength(0);
  });

  it('limits resends per IP address (429 with a message)', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_RESEND.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const browser = new TestClient();
    for (let i = 0; i < limit; i++) expect((await resendTo(browser, uniqueEmail('spray'))).status).toBe(200);
    const { email } = await registered();
    await pastCooldown(email);
    const blocked = await resendTo(browser, email);
    expectClientError(blocked, 429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(blocked.json.error).toMatch(/try again in/i);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it.each([
    ['no X-Requested-With header', { noXhr: true, body: { email: 'a@example.test' } }, 403],
    ['malformed JSON', { rawBody: '{email:' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['a JSON string', { rawBody: '"a@example.test"' }, 400],
    ['an empty object', { body: {} }, 400],
    ['an empty e-mail', { body: { email: '' } }, 400],
    ['an invalid e-mail', { body: { email: 'nope' } }, 400],
    ['the e-mail as a number', { body: { email: 7 } }, 400],
    ['the e-mail as an object', { body: { email: { $gt: '' } } }, 400],
    ['a 10,000-character e-mail', { body: { email: `${'a'.repeat(10_000)}@example.test` } }, 400],
    ['a NUL character in the e-mail', { body: { email: 'a\u0000b@example.test' } }, 400],
  ])('refuses %s with a JSON 4xx, never a 500', async (_label, options, status) => {
    const res = await new TestClient().call(resend, '/api/auth/resend-verification', { method: 'POST', ...options });
    expectClientError(res, status);
  });

  it("answers an empty e-mail with the form's message", async () => {
    const res = await resendTo(new TestClient(), '   ');
    expectClientError(res, 400);
    expect(res.json.error).toContain('Email address is required');
  });
});

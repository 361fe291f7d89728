import { mkdtempSync, rmSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/lib/env';
import { TestClient } from '@/testing/api';
import { readMailbox, startMailServer, waitForMail } from '@/testing/mail-server';
import { GET as verifyResetToken } from '../verify-reset-token/[token]/route';
import { POST as requestReset } from './route';
import { sql } from '@/testing/sql';
import { expectClientError } from '@/testing/api';
import { newUser } from '@/testing/harness';

// POST /api/auth/request-password-reset: the same answer whether or not the account exists, a link
// APP_URL/reset-password?token=… valid one hour and stored hashed, and the limits per IP and e-mail.

const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-reset-mail-'));
let mailServer: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  // Addresses starting with "slow-" get no answer from the mail server (a stalled SMTP round trip).
  mailServer = await startMailServer(mailDir, { onRecipient: (to) => (to.startsWith('slow-') ? 'stall' : 'accept') });
  process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
  expect(env().SMTP_URL).toBe(process.env.SMTP_URL);
});

afterAll(async () => {
  await mailServer?.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

const uniqueEmail = (tag = 'reset') => `${tag}-${randomBytes(5).toString('hex')}@example.test`;
const mailsTo = (email: string) => readMailbox(mailDir).filter((m) => m.to.includes(email));

async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The token of the reset link in an e-mail (the link is APP_URL/reset-password?token=…). */
function tokenOf(text: string): string {
  const prefix = `${env().APP_URL.replace(/\/$/, '')}/reset-password?token=`;
  const at = text.indexOf(prefix);
  expect(at, `no ${prefix} link in the e-mail`).toBeGreaterThanOrEqual(0);
  return decodeURIComponent(/^[^\s]+/.exec(text.slice(at + prefix.length))![0]);
}

const ask = (browser: TestClient, email: unknown) =>
  browser.call(requestReset, '/api/auth/request-password-reset', { method: 'POST', body: { email } });

describe('POST /api/auth/request-password-reset', () => {
  it('e-mails a one-hour link APP_URL/reset-password?token=… whose token is stored hashed', async () => {
    const user = await newUser({ firstName: 'Harper' });
    const before = Date.now();
    const res = await ask(new TestClient(), `  ${user.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.message).toMatch(/If an account exists/);

    const mail = await waitForMail(mailDir, user.email, { subject: /reset/i });
    expect(mail.text).toContain('Harper');
    expect(mail.text).toMatch(/1 hour/);
    const token = tokenOf(mail.text);
    expect(token.length).toBeGreaterThanOrEqual(32);

    const rows = await sql<{ token_hash: string; expires_at: Date; used_at: Date | null }>(
      'SELECT * FROM password_reset_tokens WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].used_at).toBeNull();
    const ttl = rows[0].expires_at.getTime() - before;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);

    const check = await new TestClient().call(verifyResetToken, '/x', { params: { token } });
    expect(check.json).toMatchObject({ valid: true, user: { email: user.email, first_name: 'Harper' } });
  });

  it('answers exactly the same for an unknown, an unverified and a disabled account, and sends them nothing', async () => {
    const real = await newUser();
    const unverified = await newUser({ verified: false, status: 'pending' });
    const disabled = await newUser({ status: 'disabled' });
    const unknownEmail = uniqueEmail('ghost');
    const answers = [];
    for (const email of [real.email, unknownEmail, unverified.email, disabled.email]) answers.push(await ask(new TestClient(), email));
    for (const answer of answers) {
      expect(answer.status).toBe(answers[0].status);
      expect(answer.json).toEqual(answers[0].json);
    }
    await waitForMail(mailDir, real.email);
    for (const email of [unknownEmail, unverified.email, disabled.email]) expect(mailsTo(email)).toHaveLength(0);
  });

  it('answers as fast for an account as for an unknown address: the e-mail goes out after the answer', async () => {
    const user = await newUser({ email: uniqueEmail('slow-reset') });
    const started = performance.now();
    const res = await ask(new TestClient(), user.email);
    const took = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.json).toEqual((await ask(new TestClient(), uniqueEmail('ghost'))).json);
    expect(took).toBeLessThan(1000); // the mail server has not answered (and will not)
    // The link was still made (it is what the e-mail carries).
    await expect.poll(async () => (await sql('SELECT id FROM password_reset_tokens WHERE user_id = $1', [user.id])).length).toBe(1);
  });

  it('voids the earlier link when a new one is requested', async () => {
    const user = await newUser();
    await ask(new TestClient(), user.email);
    const first = tokenOf((await waitForMail(mailDir, user.email)).text);
    const after = new Date();
    await ask(new TestClient(), user.email);
    const second = tokenOf((await waitForMail(mailDir, user.email, { after })).text);
    expect(second).not.toBe(first);
    expectClientError(await new TestClient().call(verifyResetToken, '/x', { params: { token: first } }), 400);
    expect((await new TestClient().call(verifyResetToken, '/x', { params: { token: second } })).status).toBe(200);
  });

  it("stops mailing one address beyond the limit, answering as usual: strangers cannot keep the owner from resetting", async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_RESET_REQUEST.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const user = await newUser();
    // Strangers ask for the owner's address from many addresses, past the limit.
    for (let i = 0; i < limit + 2; i++) {
      const res = await ask(new TestClient(), user.email);
      expect(res.status).toBe(200);
      expect(res.json.message).toMatch(/If an account exists/);
    }
    // The e-mails go out after the answers: wait for all of them before counting.
    await expect.poll(() => mailsTo(user.email).length, { timeout: 15_000 }).toBe(limit);
    const last = tokenOf(mailsTo(user.email).at(-1)!.text);

    // The owner's own request is answered as usual (no 429, nothing to tell them apart), and the newest
    // link in their mailbox still works: requests beyond the limit neither mail nor void it.
    const own = await ask(new TestClient(), user.email);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ success: true, message: expect.stringMatching(/If an account exists/) });
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(user.email)).toHaveLength(limit);
    expect((await new TestClient().call(verifyResetToken, '/x', { params: { token: last } })).status).toBe(200);
  });

  it('limits requests per IP address, whatever the e-mail (429)', async () => {
    const [limit, windowSeconds] = env().RATE_LIMIT_RESET_REQUEST.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const browser = new TestClient();
    for (let i = 0; i < limit; i++) expect((await ask(browser, uniqueEmail('spray'))).status).toBe(200);
    const user = await newUser();
    const blocked = await ask(browser, user.email);
    expectClientError(blocked, 429);
    expect(blocked.json.code).toBe('RATE_LIMITED');
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it("answers an empty e-mail with the form's message", async () => {
    const res = await ask(new TestClient(), '');
    expectClientError(res, 400);
    expect(res.json.error).toContain('Email address is required');
  });

  it.each([
    ['no X-Requested-With header', { noXhr: true, body: { email: 'a@example.test' } }, 403],
    ['malformed JSON', { rawBody: '{"email": "a@example.test"' }, 400],
    ['JSON null', { rawBody: 'null' }, 400],
    ['an empty object', { body: {} }, 400],
    ['an invalid e-mail', { body: { email: 'a@' } }, 400],
    ['the e-mail as a number', { body: { email: 1 } }, 400],
    ['the e-mail as a boolean', { body: { email: true } }, 400],
    ['the e-mail as an array', { body: { email: ['a@example.test'] } }, 400],
    ['a 10,000-character e-mail', { body: { email: `${'a'.repeat(10_000)}@example.test` } }, 400],
    ['a NUL character in the e-mail', { body: { email: 'a\u0000b@example.test' } }, 400],
  ])('refuses %s with a JSON 4xx, never a 500', async (_label, options, status) => {
    const res = await new TestClient().call(requestReset, '/api/auth/request-password-reset', { method: 'POST', ...options });
    expectClientError(res, status);
  });
});

import { sql } from '../testing/sql.ts';
import { waitForMail } from '../testing/mail-server.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { send } from './http-client.ts';
import { expect, test } from './fixtures';

// Per-IP limits count the address a request really came from. A bare deployment (npm start, no proxy in
// front, TRUSTED_PROXY_HOPS unset) is reached straight from the clients: its server reads the connection's
// own address, and no header a client writes (X-Forwarded-For, X-Real-IP) changes it. Each client connects
// from its own loopback address (127.0.0.2, 127.0.0.3, …) to a server of its own with the default limits.

test.describe.configure({ mode: 'serial' });

let app: RunningApp;
test.beforeAll(async () => {
  // No proxy in front and TRUSTED_PROXY_HOPS unset: clients reach it directly, as a bare `npm start`.
  app = await startApp({ databaseUrl: process.env.E2E_DATABASE_URL!, smtpUrl: process.env.E2E_SMTP_URL! });
});
test.afterAll(async () => {
  await app?.stop();
});

const DEFAULT_LOGIN_IP = { limit: 20, windowSeconds: 900 }; // RATE_LIMIT_LOGIN_IP's default (lib/env.ts)
const DEFAULT_VERIFY = { limit: 10, windowSeconds: 900 }; // RATE_LIMIT_VERIFY's default

/** Fixed windows: start well inside one, so a limit test cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
}

const stranger = (n: number) => `nobody-${n}-${Date.now()}@example.test`;
const login = (from: string, email: string, password: string, headers?: Record<string, string>) =>
  send(`${app.url}/api/auth/login`, { from, body: { email, password }, headers });

test('one stranger’s failed logins limit that stranger, not a sign-in from another address', async ({ createUser }) => {
  test.setTimeout(90_000);
  await awayFromWindowEdge(DEFAULT_LOGIN_IP.windowSeconds);
  for (let i = 0; i < DEFAULT_LOGIN_IP.limit + 2; i++) {
    const res = await login('127.0.0.2', stranger(i), 'Guess-Password-1!');
    expect(res.status, `attempt ${i + 1}`).toBe(i < DEFAULT_LOGIN_IP.limit ? 401 : 429);
  }
  const owner = await createUser();
  const res = await login('127.0.0.3', owner.email, owner.password);
  expect(res.status, res.text).toBe(200);
  // The session records the address the owner connected from.
  const [session] = await sql<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1', [owner.id], process.env.E2E_DATABASE_URL);
  expect(session.ip).toBe('127.0.0.3');
});

test('a forged X-Forwarded-For or X-Real-IP does not escape the limit', async () => {
  test.setTimeout(90_000);
  await awayFromWindowEdge(DEFAULT_LOGIN_IP.windowSeconds);
  const statuses: number[] = [];
  for (let i = 0; i < DEFAULT_LOGIN_IP.limit + 5; i++) {
    const forged = `203.0.113.${i + 1}`;
    const res = await login('127.0.0.4', stranger(100 + i), 'Guess-Password-1!', { 'X-Forwarded-For': forged, 'X-Real-IP': forged });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, DEFAULT_LOGIN_IP.limit).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(DEFAULT_LOGIN_IP.limit).every((s) => s === 429)).toBe(true);
});

test('wrong verification codes from one address block that address, not everyone’s verification', async () => {
  test.setTimeout(90_000);
  await awayFromWindowEdge(DEFAULT_VERIFY.windowSeconds);
  for (let i = 0; i < DEFAULT_VERIFY.limit + 1; i++) {
    const res = await send(`${app.url}/api/auth/verify-email`, { from: '127.0.0.5', body: { email: stranger(200 + i), code: '000000' } });
    expect(res.status, `guess ${i + 1}`).toBe(i < DEFAULT_VERIFY.limit ? 400 : 429);
  }
  // Someone else registers and verifies from their own address.
  const email = `newcomer-${Date.now()}@example.test`;
  const since = new Date();
  const registered = await send(`${app.url}/api/auth/register`, {
    from: '127.0.0.6',
    body: { first_name: 'Nora', last_name: 'Newcomer', email, password: 'Barrel-Proof-1!' },
  });
  expect(registered.status, registered.text).toBe(201);
  const mail = await waitForMail(process.env.E2E_MAIL_DIR!, email, { subject: /verification code/, after: since });
  const code = /(\d{6})/.exec(mail.subject)![1];
  const verified = await send(`${app.url}/api/auth/verify-email`, { from: '127.0.0.6', body: { email, code } });
  expect(verified.status, verified.text).toBe(200);
});

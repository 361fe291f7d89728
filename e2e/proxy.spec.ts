import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from '../testing/sql.ts';
import { freePort, startApp, type RunningApp } from './app-server.ts';
import { send, type Answer } from './http-client.ts';
import { expect, test } from './fixtures';

// docker compose's proxy, run for real: Caddy (the Debian package; `apt-get install -y caddy`) with the
// project's own Caddyfile in front of the app's production server with TRUSTED_PROXY_HOPS=1, as compose sets
// it. Caddy serves https://localhost:<port> with its own local certificate authority. Only settings a test
// needs are added around the file (no admin endpoint, no trust-store install, no redirect listener on
// port 80, its own storage): the site block is the one a deployment runs.

test.describe.configure({ mode: 'serial' });

const caddyMissing = spawnSync('caddy', ['version'], { encoding: 'utf8' }).status !== 0;

let app: RunningApp;
let caddy: ChildProcess | undefined;
let work: string;
let site: string;
let caddyOutput = '';

test.beforeAll(async () => {
  if (caddyMissing) throw new Error('Caddy is needed for this test and was not found: sudo apt-get install -y caddy');
  work = mkdtempSync(path.join(os.tmpdir(), 'nbt-caddy-'));
  const port = await freePort();
  site = `https://localhost:${port}`;
  app = await startApp({
    databaseUrl: process.env.E2E_DATABASE_URL!,
    smtpUrl: process.env.E2E_SMTP_URL!,
    env: { TRUSTED_PROXY_HOPS: '1', APP_URL: site },
  });
  const config = path.join(work, 'Caddyfile');
  const testOnly = `{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n\tstorage file_system ${path.join(work, 'data')}\n}\n\n`;
  writeFileSync(config, testOnly + readFileSync('Caddyfile', 'utf8'));
  const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work, APP_URL: site, APP_UPSTREAM: `127.0.0.1:${app.port}` };
  const proxy = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  caddy = proxy;
  proxy.stdout!.on('data', (d) => (caddyOutput += d));
  proxy.stderr!.on('data', (d) => (caddyOutput += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await through('/api/health').catch(() => null);
    if (up?.status === 200) break;
    if (proxy.exitCode !== null || Date.now() > deadline) throw new Error(`Caddy did not serve ${site}:\n${caddyOutput}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  caddy?.kill('SIGTERM');
  await app?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A request to the site through Caddy, connecting from `from` (a loopback address of its own). */
function through(pathname: string, options: Parameters<typeof send>[1] = {}): Promise<Answer> {
  const url = new URL(pathname, site);
  url.hostname = '127.0.0.1'; // connect to loopback, ask for the site by its name (SNI and Host)
  return send(url.toString(), { servername: 'localhost', ...options, headers: { Host: new URL(site).host, ...options.headers } });
}

test('every answer through Caddy carries HSTS and the app’s security headers', async () => {
  for (const pathname of ['/login', '/', '/api/health', '/api/auth/whoami', '/api/no-such-endpoint', '/icon.svg']) {
    const res = await through(pathname);
    expect(res.status, pathname).toBeLessThan(500);
    expect(res.headers['strict-transport-security'], pathname).toBe('max-age=31536000');
    expect(res.headers['content-security-policy'], pathname).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(res.headers['content-security-policy'], pathname).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy'], pathname).toContain('upgrade-insecure-requests'); // APP_URL is https
    expect(res.headers['x-frame-options'], pathname).toBe('DENY');
    expect(res.headers['x-content-type-options'], pathname).toBe('nosniff');
    expect(res.headers['referrer-policy'], pathname).toBe('same-origin');
  }
});

test('the app counts the address Caddy saw, never one the client wrote', async ({ createUser }) => {
  const user = await createUser();
  const res = await through('/api/auth/login', {
    from: '127.0.0.7',
    body: { email: user.email, password: user.password },
    headers: { 'X-Forwarded-For': '198.51.100.9', 'X-Real-IP': '198.51.100.10' },
  });
  expect(res.status, res.text).toBe(200);
  const [session] = await sql<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1', [user.id], process.env.E2E_DATABASE_URL);
  expect(session.ip).toBe('127.0.0.7');
});

test('forged X-Forwarded-For through Caddy does not escape the per-address limit', async () => {
  test.setTimeout(90_000);
  const limit = 20; // RATE_LIMIT_LOGIN_IP's default
  const left = 900_000 - (Date.now() % 900_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
  const statuses: number[] = [];
  for (let i = 0; i < limit + 3; i++) {
    const res = await through('/api/auth/login', {
      from: '127.0.0.8',
      body: { email: `nobody-${i}-${Date.now()}@example.test`, password: 'Guess-Password-1!' },
      headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
});

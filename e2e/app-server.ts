import { spawn } from 'node:child_process';
import net from 'node:net';
import { E2E_SESSION_SECRET, E2E_VAPID } from './constants.ts';

// The app's production server (scripts/app-server.mjs, as npm start and the image run it) for the e2e run:
// the global setup starts the one every test uses; a test that needs other settings (real limits, a proxy
// in front) starts one of its own on the same database and mail server.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForHttp(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`App did not answer at ${url} within ${timeoutMs} ms`);
}

export interface RunningApp {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the production server on a free port of 127.0.0.1 (or `host`) against `databaseUrl`, mailing
 * through `smtpUrl`. `env` adds or overrides variables (limits, TRUSTED_PROXY_HOPS, APP_URL).
 */
export async function startApp(options: { databaseUrl: string; smtpUrl: string; host?: string; env?: Record<string, string> }): Promise<RunningApp> {
  const port = await freePort();
  const host = options.host ?? '127.0.0.1';
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/app-server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: host,
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: options.databaseUrl,
      DB_POOL_MAX: '5',
      APP_URL: url,
      SESSION_SECRET: E2E_SESSION_SECRET,
      SMTP_URL: options.smtpUrl,
      MAIL_FROM: 'NC Bourbon Tracker <alerts@ncbourbon.test>',
      BCRYPT_COST: '4',
      ALLOW_WEAK_BCRYPT: 'true',
      DEMO_MODE: 'false',
      VAPID_PUBLIC_KEY: E2E_VAPID.publicKey,
      VAPID_PRIVATE_KEY: E2E_VAPID.privateKey,
      VAPID_SUBJECT: E2E_VAPID.subject,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => process.env.E2E_VERBOSE && process.stdout.write(`[web:${port}] ${d}`));
  child.stderr?.on('data', (d) => process.stderr.write(`[web:${port}] ${d}`));
  await waitForHttp(`${url}/api/health`, 60_000);
  return {
    port,
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}

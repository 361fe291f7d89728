import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../scripts/testing/database.ts';
import { E2E_SESSION_SECRET } from './constants.ts';
import { startMailServer } from '../scripts/testing/mail-server.ts';
import { insertBoardData } from './board-data.ts';

// One isolated world per e2e run: a fresh database (seeded with the demo data), a real SMTP server and
// the production build served by `next start`. Workers read the addresses from the environment.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHttp(url: string, timeoutMs: number) {
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

export default async function globalSetup() {
  if (process.env.DATABASE_URL && !process.env.TEST_PG_SERVER_URL) {
    process.env.TEST_PG_SERVER_URL = process.env.DATABASE_URL;
  }
  const database = await createTestDatabase('e2e');
  const { seedDatabase } = await import('../scripts/demo/index.ts');
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  await setDatabaseUrl(database.url);
  await seedDatabase({ demoUsers: false });
  await disconnectDb();
  await insertBoardData(database.url); // the demo history is Wake's: a little for the other covered boards

  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'nbt-mail-'));
  const mail = await startMailServer(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const server = spawn(path.resolve('node_modules/.bin/next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: database.url,
      DB_POOL_MAX: '5',
      APP_URL: baseUrl,
      SESSION_SECRET: E2E_SESSION_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      MAIL_FROM: 'NC Bourbon Tracker <alerts@ncbourbon.test>',
      BCRYPT_COST: '4',
      ALLOW_WEAK_BCRYPT: 'true',
      DEMO_MODE: 'false',
      // Limits relaxed by configuration so parallel tests do not trip them; the limit tests set their own.
      RATE_LIMIT_LOGIN_IP: '1000/60',
      RATE_LIMIT_LOGIN_EMAIL: '50/60',
      RATE_LIMIT_REGISTER: '1000/60',
      RATE_LIMIT_VERIFY: '1000/60',
      RATE_LIMIT_RESEND: '1000/60',
      RATE_LIMIT_RESET_REQUEST: '1000/60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => process.env.E2E_VERBOSE && process.stdout.write(`[web] ${d}`));
  server.stderr?.on('data', (d) => process.stderr.write(`[web] ${d}`));

  await waitForHttp(`${baseUrl}/api/health`, 60_000);

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await mail.stop();
    await database.drop();
    rmSync(mailDir, { recursive: true, force: true });
  };
}

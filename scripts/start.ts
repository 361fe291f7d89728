// npm start (production server) / npm run dev (`--dev`, development server): the one-command start.
//
//   1. configuration: .env files, PORT, SESSION_SECRET (generated once into .data/session-secret
//      unless a real database is used in production), the VAPID keys of Web Push (generated once into
//      .data/vapid-keys.json in development and the demo; a deployment must set them), DEMO_MODE (on by
//      default with the embedded database)
//   2. in parallel: `next build` when the sources changed since the last build (production only), and
//      the database (DATABASE_URL, or the embedded Postgres (PGlite) on EMBEDDED_DB_DIR, owned by this
//      process), then migrate and load the real reference data; in demo mode only, the demo seed
//      (generated history and demo accounts, only into a database the demo set up: docs/decisions/009)
//   3. the web server (scripts/app-server.mjs: Next's, with the client's address and the security headers)
//      and the scraper (when scripts/scraper.ts exists),
//      output prefixed [web] / [scraper]; the URL (and the demo logins in demo mode) once the first
//      page is served
//   4. Ctrl-C / SIGTERM stops everything and exits 0; a child dying on its own stops the rest, exit 1.
//
// Every phase prints its duration ("[start] phase migrate: 0.41 s"), and "[start] ready in X s" at the
// end; scripts/bench-start.ts reads those lines.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DatabaseConnection } from '../lib/db/connect.ts';
import { findRunningEmbeddedServer } from '../lib/db/embedded.ts';
import { env } from '../lib/env.ts';
import { box, readyLines, type DemoLogin } from '../lib/startup/banner.ts';
import { checkBuild, checkPrismaClient, stampBuild } from '../lib/startup/build.ts';
import {
  dropEmptyVariables,
  loadDotEnv,
  persistentSessionSecret,
  persistentVapidKeys,
  probeHost,
  resolveBindHost,
  resolveDemoMode,
  resolvePort,
  stateDir,
  withoutKeys,
} from '../lib/startup/config.ts';
import { assertPortFree, freePort, waitForFirstPage } from '../lib/startup/http.ts';
import { DataDirBusyError, lockDataDir, type DataDirLock } from '../lib/startup/lock.ts';
import { describeExit, Supervisor, type ChildEnv, type ChildSpec } from '../lib/startup/supervisor.ts';

const dev = process.argv.includes('--dev');
const root = process.cwd();
const require = createRequire(import.meta.url);

const say = (line: string) => console.log(`[start] ${line}`);
const fail = (line: string) => console.error(`[start] ${line}`);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** Runs one phase and prints its duration. */
async function phase<T>(name: string, work: () => Promise<T> | T, detail?: (result: T) => string): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  const extra = detail?.(result);
  say(`phase ${name}: ${seconds(performance.now() - t0)} s${extra ? ` (${extra})` : ''}`);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Shutdown: children first (they hold connections), then the embedded database, then the lock.

const supervisor = new Supervisor({ killAfterMs: 5000 });
// What this process owns and must release on the way out.
const owned: { connection?: DatabaseConnection; lock?: DataDirLock } = {};
let shuttingDown = false;
let firstSignalAt = 0;

async function shutdown(code: number, message?: string): Promise<never> {
  if (!shuttingDown) {
    shuttingDown = true;
    if (message) (code === 0 ? say : fail)(message);
    try {
      await supervisor.stopAll();
      await owned.connection?.close();
    } catch (error) {
      fail(`while stopping: ${(error as Error).message}`);
      code ||= 1;
    } finally {
      owned.lock?.release();
    }
    if (code === 0) say('stopped.');
    process.exit(code);
  }
  return new Promise<never>(() => {}); // the first shutdown exits
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // npm and tsx relay the terminal's Ctrl-C, so one key press can arrive more than once.
    const now = Date.now();
    if (!shuttingDown) {
      firstSignalAt = now;
      void shutdown(0, `${signal} received: stopping ${supervisor.names().join(', ') || 'start-up'}…`);
    } else if (now - firstSignalAt > 1000) {
      fail('stopping immediately.');
      supervisor.killAll();
      owned.lock?.release();
      process.exit(130);
    }
  });
}
process.on('uncaughtException', (error) => void shutdown(1, `unexpected error: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) =>
  void shutdown(1, `unexpected error: ${(error as Error)?.stack ?? String(error)}`),
);
supervisor.onUnexpectedExit((info) => {
  void shutdown(1, `the ${info.name} process ${describeExit(info)} unexpectedly; stopping everything.`);
});

/** Stops with a message when a step fails (never prints a stack for expected problems). */
async function orStop<T>(work: Promise<T>, what: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    return shutdown(1, `${what}: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// 1. Configuration

say(`${dev ? 'development' : 'production'} start in ${root}`);
const config = await phase(
  'config',
  () => {
    const envFiles = loadDotEnv(root);
    dropEmptyVariables([
      'DATABASE_URL', 'EMBEDDED_DB_DIR', 'APP_URL', 'SESSION_SECRET', 'DEMO_MODE', 'PORT', 'HOSTNAME',
      'DB_POOL_MAX', 'SMTP_URL', 'MAIL_OUTBOX_DIR', 'IMAGES_DIR', 'BCRYPT_COST', 'SESSION_TTL_HOURS',
      'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT',
    ]);
    let e: ReturnType<typeof env>;
    let port: number;
    try {
      e = env();
      port = resolvePort(process.env.PORT);
    } catch (error) {
      fail((error as Error).message);
      process.exit(1);
    }
    if (e.DATABASE_URL && !e.SESSION_SECRET && !dev) {
      fail(
        'SESSION_SECRET is not set. With DATABASE_URL (a real database) the session secret must be configured: ' +
          'set SESSION_SECRET to a random string of at least 32 characters, e.g. ' +
          'SESSION_SECRET="$(openssl rand -base64 48)" (see .env.example).',
      );
      process.exit(1);
    }
    const demo = resolveDemoMode(process.env.DEMO_MODE, e.DATABASE_URL ? 'postgres' : 'embedded'); // validated by env()
    // A production start outside demo mode is a deployment: real accounts need real mail (lib/env.ts).
    if (!dev && !demo && !e.SMTP_URL) {
      fail(
        'SMTP_URL is not set. Outside demo mode, verification codes, password resets and arrival alerts must be ' +
          'e-mailed: set SMTP_URL, e.g. smtp://user:password@smtp.example.com:587 (see .env.example). ' +
          'The demo (DEMO_MODE=true) and `npm run dev` write mail to .data/outbox instead.',
      );
      process.exit(1);
    }
    // Every subscribed browser holds the public key: a deployment keeps one pair for good (lib/env.ts).
    if (!dev && !demo && (!e.VAPID_PUBLIC_KEY || !e.VAPID_SUBJECT)) {
      fail(
        'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set outside demo mode: push notifications are signed ' +
          'with that key pair. Generate it once with `npx web-push generate-vapid-keys`, set VAPID_SUBJECT to a contact such as ' +
          'mailto:ops@example.com, and keep them: a new pair stops every device\'s notifications until it is turned on again ' +
          '(docs/operations.md: Setting up VAPID keys).',
      );
      process.exit(1);
    }
    return { e, port, demo, bindHost: resolveBindHost(process.env.HOSTNAME), envFiles };
  },
  (c) => (c.envFiles.length ? `read ${c.envFiles.join(', ')}` : 'no .env file'),
);
const { e, port, demo, bindHost } = config;
const state = stateDir(e.EMBEDDED_DB_DIR);

// ---------------------------------------------------------------------------------------------------
// 2. Database

// The embedded data directory belongs to one `npm start` at a time; refuse before touching anything.
if (!e.DATABASE_URL) {
  try {
    owned.lock = lockDataDir(e.EMBEDDED_DB_DIR);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    await shutdown(
      1,
      `another \`npm start\` (pid ${error.ownerPid}) is already running on the embedded database in ` +
        `${e.EMBEDDED_DB_DIR}. Stop it first (Ctrl-C in its terminal), or use another directory with ` +
        `EMBEDDED_DB_DIR. If no such process exists, delete ${path.relative(root, error.lockFile)}.`,
    );
  }
  // A server announced by a process that does not hold the lock (an older start): never open twice.
  const running = await findRunningEmbeddedServer(e.EMBEDDED_DB_DIR);
  if (running) {
    await shutdown(
      1,
      `an embedded database server for ${e.EMBEDDED_DB_DIR} is already running (${running}). ` +
        'Stop the other `npm start` first, or use another directory with EMBEDDED_DB_DIR.',
    );
  }
}
await orStop(assertPortFree(port, bindHost), 'cannot start');

const kind = e.DATABASE_URL ? 'postgres' : 'embedded';
let sessionSecret = e.SESSION_SECRET;
if (!sessionSecret) {
  const file = path.join(state, 'session-secret');
  const kept = persistentSessionSecret(file);
  sessionSecret = kept.secret;
  say(`SESSION_SECRET: ${kept.created ? 'generated a new one in' : 'using the one kept in'} ${path.relative(root, file) || file}`);
}
// Development and the demo: one generated pair, kept in the data directory so subscribed devices keep working.
let vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null;
if (!vapid) {
  const file = path.join(state, 'vapid-keys.json');
  const kept = persistentVapidKeys(file);
  vapid = kept;
  say(`VAPID keys: ${kept.created ? 'generated a new pair in' : 'using the pair kept in'} ${path.relative(root, file) || file}`);
}
say(`demo mode: ${demo ? 'on' : 'off'}${process.env.DEMO_MODE ? ' (DEMO_MODE)' : ` (default with the ${kind} database)`}`);

// The environment every child gets (DATABASE_URL is added once the database is up).
// NODE_ENV is left to next (production for build/start, development for dev); NEXT_OUTPUT is dropped
// because `next start` cannot serve a standalone build (that is the Docker image's).
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;
const childEnv: ChildEnv = {
  ...withoutKeys(process.env, ['NODE_ENV', 'NEXT_OUTPUT', 'DATABASE_URL']),
  SESSION_SECRET: sessionSecret,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  DEMO_MODE: demo ? 'true' : 'false',
  APP_URL: appUrl,
  PORT: String(port),
  HOSTNAME: bindHost,
};
if (kind === 'embedded') {
  childEnv.DB_POOL_MAX = process.env.DB_POOL_MAX ?? '4';
  // The embedded server runs every connection in one session: no change feed (lib/db/changes.ts).
  childEnv.DB_EMBEDDED = '1';
}
// The start process's own Prisma client (seeding) follows the same pool size.
if (childEnv.DB_POOL_MAX) process.env.DB_POOL_MAX = childEnv.DB_POOL_MAX;

const nextBin = require.resolve('next/dist/bin/next');
const node = process.execPath;

// ---------------------------------------------------------------------------------------------------
// 3. Prisma client, then the build (if needed) in parallel with database start, migrate and seed

const prismaCheck = checkPrismaClient(root);
if (prismaCheck.needed) {
  await phase('prisma generate', async () => {
    say(`generating the Prisma client: ${prismaCheck.reason}`);
    const result = await supervisor.run({
      name: 'prisma',
      command: node,
      args: ['scripts/prisma-generate.mjs'],
      env: { ...process.env },
      cwd: root,
    });
    if (result.code !== 0) await shutdown(1, `prisma generate ${describeExit(result)}; see the [prisma] output above.`);
  });
}

async function buildIfNeeded(): Promise<void> {
  if (dev) return;
  const check = checkBuild(root);
  if (!check.needed) {
    say(`phase build: skipped (${check.reason})`);
    return;
  }
  await phase('build', async () => {
    say(`building: ${check.reason}`);
    const startedAt = new Date();
    // Built without a database, exactly like the Docker image, so the build never races the migration.
    // The type check is `npm run typecheck`'s job (and CI's); skipping it here halves the first start.
    const result = await supervisor.run({
      name: 'build',
      command: node,
      args: [nextBin, 'build'],
      env: { ...childEnv, NEXT_SKIP_TYPECHECK: '1' },
      cwd: root,
    });
    if (shuttingDown) return;
    if (result.code !== 0) await shutdown(1, `next build ${describeExit(result)}; see the [build] output above.`);
    stampBuild(root, startedAt);
  });
}
const build = buildIfNeeded();

const connection = await phase(
  'database',
  async () => {
    const { connectDatabase } = await import('../lib/db/connect.ts');
    owned.connection = await orStop(connectDatabase({ announce: true }), 'cannot open the database');
    return owned.connection;
  },
  (c) => c.description,
);
say(`database: ${connection.description}`);
childEnv.DATABASE_URL = connection.url;

let demoLogins: DemoLogin[] = [];

async function migrateAndSeed(): Promise<void> {
  const url = connection.url;
  const { migrate, MigrationError } = await import('../lib/db/migrate.ts');
  await phase(
    'migrate',
    async () => {
      try {
        return await migrate(url, { log: (line) => say(`migrate: ${line}`) });
      } catch (error) {
        const why = error instanceof MigrationError ? 'migration refused' : `cannot migrate ${connection.description}`;
        return shutdown(1, `${why}: ${(error as Error).message}`);
      }
    },
    (r) => (r.applied.length ? `applied ${r.applied.length} migration(s)` : `up to date, ${r.alreadyApplied} migration(s)`),
  );
  if (shuttingDown) return;
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  await setDatabaseUrl(url);
  try {
    if (demo) await seedDemo();
    else await refreshReference();
  } finally {
    await disconnectDb();
  }
}

/** Demo mode: reference data, generated history and the demo accounts, in a database the demo set up. */
async function seedDemo(): Promise<void> {
  const { seedDatabase } = await import('../demo/index.ts');
  const { DemoRefusedError } = await import('../lib/reference/origin.ts');
  const result = await phase(
    'seed',
    async () => {
      try {
        return await seedDatabase({ log: (line: string) => console.log(`[seed] ${line}`), demoUsers: true, setUpBy: 'npm start' });
      } catch (error) {
        if (error instanceof DemoRefusedError) return shutdown(1, `demo mode refused: ${error.message}`);
        return shutdown(1, `seeding failed: ${(error as Error).stack ?? (error as Error).message}`);
      }
    },
    (r) =>
      r.seeded
        ? `seeded ${Object.entries(r.counts).map(([k, v]) => `${v} ${k}`).join(', ')}`
        : 'demo history already present',
  );
  // The seed reports the demo accounts on every run in demo mode.
  demoLogins = result.demoLogins;
}

/** A deployment: the real reference data only, and the database recorded as a deployment's. */
async function refreshReference(): Promise<void> {
  const { refreshReferenceData, describeChanges } = await import('../lib/reference/refresh.ts');
  const result = await phase(
    'reference data',
    async () => {
      try {
        return await refreshReferenceData({ claimDeployment: true, setUpBy: 'npm start' });
      } catch (error) {
        return shutdown(1, `loading the reference data failed: ${(error as Error).stack ?? (error as Error).message}`);
      }
    },
    (r) => `${r.counts.boards} boards, ${r.counts.stores} stores, ${r.counts.products} products; ${describeChanges(r.changes)}`,
  );
  if (result.origin?.purpose === 'demo') {
    say(`note: this database was set up by demo mode (${result.origin.setUpBy}); its history and scraper runs are generated.`);
  }
}

await orStop(Promise.all([build, migrateAndSeed()]), 'start-up failed');
if (shuttingDown) await new Promise(() => {}); // a failed phase is already stopping everything

// ---------------------------------------------------------------------------------------------------
// 4. Web server and scraper

const webStarted = performance.now();
const children: ChildSpec[] = [
  {
    // Next's request handler behind our own few lines: each request's client address and the security
    // headers (scripts/app-server.mjs); PORT and HOSTNAME come from childEnv.
    name: 'web',
    command: node,
    args: ['scripts/app-server.mjs', ...(dev ? ['--dev'] : [])],
    env: childEnv,
    cwd: root,
  },
];
// Demo mode reads a live simulation of the public pages (scripts/simulator.ts) instead of the real sites,
// unless the operator pointed the scraper somewhere explicitly.
const simulate = demo && !process.env.WAKE_BASE_URL && !process.env.NC_ABC_BASE_URL;
const scraperEnv: ChildEnv = { ...childEnv, NODE_ENV: dev ? 'development' : 'production' };
if (simulate) {
  const simPort = await freePort();
  const simUrl = `http://127.0.0.1:${simPort}`;
  children.push({
    name: 'simulator',
    command: node,
    // Both markups of each page and both shapes of each board's answers (alternating request by request)
    // and a new product every few days, so the demo exercises every shape the scraper must read.
    args: [
      require.resolve('tsx/cli'),
      'scripts/simulator.ts',
      '--port',
      String(simPort),
      '--realtime',
      '--wake-markup',
      'alternate',
      '--warehouse-markup',
      'alternate',
      '--durham-markup',
      'alternate',
      '--greensboro-markup',
      'alternate',
      '--abcgo-markup',
      'alternate',
      '--auto-debuts',
    ],
    env: childEnv,
    cwd: root,
  });
  Object.assign(scraperEnv, { WAKE_BASE_URL: simUrl, NC_ABC_BASE_URL: simUrl, NC_ABC_WEBSITE_URL: simUrl, WAKE_REQUEST_DELAY_MS: '20' });
  // Every board source too (prisma/seed-data/board-sources.json), unless the operator pointed the boards
  // somewhere explicitly; polled every cycle (the simulated sites are local), so the demo shows every board moving.
  if (!process.env.BOARD_SOURCE_URLS) {
    const { simulatorSourceUrls } = await import('../simulator/source-urls.ts');
    Object.assign(scraperEnv, {
      BOARD_SOURCE_URLS: simulatorSourceUrls(simUrl),
      BOARD_SOURCE_REQUEST_DELAY_MS: process.env.BOARD_SOURCE_REQUEST_DELAY_MS ?? '*=20',
      BOARD_SOURCE_POLL_MINUTES: process.env.BOARD_SOURCE_POLL_MINUTES ?? '*=15',
    });
  }
  say(`demo: the scraper reads the simulated public pages at ${simUrl}`);
}
children.push({
  name: 'scraper',
  command: node,
  // In demo mode the first cycle runs at once, so the data is live without waiting for the next quarter hour.
  args: [require.resolve('tsx/cli'), 'scripts/scraper.ts', ...(simulate ? ['--run-now'] : [])],
  env: scraperEnv,
  cwd: root,
});
for (const spec of children) void supervisor.start(spec);
say(`started ${children.map((c) => c.name).join(' and ')}; waiting for the first page…`);

const first = await waitForFirstPage(`http://${probeHost(bindHost)}:${port}`, {
  cancelled: () => shuttingDown,
  onSlow: (s) => say(`still waiting for the web server after ${s} s…`),
});
if (!first || shuttingDown) await new Promise(() => {}); // stopping
say(`phase web: ${seconds(performance.now() - webStarted)} s (first answer from ${new URL(first!.url).pathname}: ${first!.status})`);
const readySeconds = performance.now() / 1000;
say(`ready in ${readySeconds.toFixed(2)} s`);
if (first!.status >= 500) {
  fail(`warning: ${new URL(first!.url).pathname} answered ${first!.status}; the app may not work (see the [web] output).`);
}
console.log(
  box(
    readyLines({
      url: appUrl,
      database: connection.description,
      demoLogins: demo ? demoLogins : undefined,
      readySeconds,
      dev,
    }),
  ),
);

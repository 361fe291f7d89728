import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startSimulator, type RunningSimulator } from '../../simulator/server.ts';
import { simulatorSourceUrls } from '../../testing/simulator.ts';
import { newestInput } from '../startup/build.ts';
import { FIXED_SOURCES, loadBoardSources } from '../reference/board-sources.ts';
import { loadReferenceData } from '../reference/reference.ts';

/** Every source a fresh deployment runs: the fixed ones and each entry of prisma/seed-data/board-sources.json. */
const ALL_SOURCES = [...FIXED_SOURCES, ...loadBoardSources(new Set(loadReferenceData().boards.map((b) => b.id))).map((s) => s.key)];
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { startMailServer, waitForMail } from '../../testing/mail-server.ts';
import { sql } from '../../testing/sql.ts';
import { insertTestUser, type TestUser } from '../../testing/users.ts';
import { readCompose, serviceEnvironment, startOrder, type Vars } from '../../testing/compose.ts';
import { readDockerfile } from '../../testing/dockerfile.ts';
import { assembleImage, mapHosts, runService, runToCompletion, type RunningService } from '../../testing/replay.ts';

/** Every migration the repository has (a new one must not break the replay's expectations). */
const MIGRATIONS = readdirSync('prisma/migrations', { withFileTypes: true }).filter((e) => e.isDirectory()).length;

// The operator's path, replayed on the host (no Docker engine runs here or in CI), against fresh
// databases on the test Postgres server:
//   1. `npm start` with DATABASE_URL on an empty database: the real reference data, nothing invented,
//      honest health; no start without a mail transport; demo mode refused on that database;
//   2. docker-compose.yml: the tools and runner images assembled from the Dockerfile's COPY lines, each
//      service's command run in its image with only that service's environment, in depends_on order:
//      migrate, create-admin, the app (the standalone server, as the image runs it), the scraper --once
//      against the simulator, until a delivery becomes arrivals and the alert e-mail of a watching user
//      reaches a real SMTP server with an unsubscribe link that works;
//   3. backup and restore as docs/operations.md says: pg_dump of that database, pg_restore into a fresh one,
//      migrate, and the app serves it.
// Needs the production build (scripts/test.sh runs this after `next build`; the standalone build is made
// here when missing). Run on its own: npm run test:replay.

const root = process.cwd();
const require = createRequire(import.meta.url);
const server = process.env.TEST_PG_SERVER_URL;
const compose = readCompose();
const stages = readDockerfile();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(base: string, process: { output(): string; exited: Promise<unknown> }, timeoutMs = 90_000) {
  let exited = false;
  void process.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited before it was healthy:\n${process.output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.status === 200) return (await res.json()) as Health;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base}/api/health not healthy after ${timeoutMs} ms:\n${process.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Health {
  status: string;
  database: { reachable: boolean; set_up_as: string | null };
  reference_data: { boards: number; stores: number; products: number };
  /** The public view (lib/ops/health.ts): every source, with its latest run's status (null: never run). */
  scrapers: { source: string; status: string | null; last_run_at: string | null }[];
}

/** A browser: cookies kept between calls, X-Requested-With on every call. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(new URL(path, this.base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text);
    } catch {
      // a page
    }
    return { status: res.status, json, text };
  }
  async login(user: { email: string; password: string }) {
    const res = await this.call('POST', '/api/auth/login', { email: user.email, password: user.password });
    expect(res.status, res.text).toBe(200);
  }
}

/** A deployment's VAPID configuration (docs/operations.md: Setting up VAPID keys). */
const vapidKeys = webpush.generateVAPIDKeys();
const VAPID = { VAPID_PUBLIC_KEY: vapidKeys.publicKey, VAPID_PRIVATE_KEY: vapidKeys.privateKey, VAPID_SUBJECT: 'mailto:ops@replay.test' };

const count = async (url: string, table: string) => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`, [], url))[0].n;
const OBSERVATIONS = ['inventory_history', 'store_inventory', 'warehouse_levels', 'shipments', 'shipment_totals', 'users'];

describe.skipIf(!server)('the operator’s path, replayed on the host', () => {
  let work: string;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let mailDir: string;
  let sim: RunningSimulator;
  const databases: TestDatabase[] = [];
  const running: RunningService[] = [];

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'nbt-replay-'));
    mailDir = path.join(work, 'mail');
    mail = await startMailServer(mailDir);
    sim = await startSimulator({ port: 0, seed: 12 });
  });

  afterAll(async () => {
    for (const service of running) await service.stop();
    await sim?.stop();
    await mail?.stop();
    for (const db of databases) await db.drop().catch(() => {});
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function freshDatabase(label: string): Promise<TestDatabase> {
    const db = await createTestDatabase(label, 'empty');
    databases.push(db);
    return db;
  }

  // ── 1. npm start ────────────────────────────────────────────────────────────────────────────────
  describe('npm start with DATABASE_URL on an empty database', () => {
    let db: TestDatabase;
    const secret = randomBytes(36).toString('base64url');
    const start = (env: Record<string, string>) =>
      runService('npm start', [process.execPath, require.resolve('tsx/cli'), 'scripts/start.ts'], {
        cwd: root,
        imageEnv: {},
        env: {
          // Empty, not unset: a developer's .env must not change what is tested.
          DEMO_MODE: '',
          EMBEDDED_DB_DIR: path.join(work, 'npm-start', 'pglite'),
          NEXT_TELEMETRY_DISABLED: '1',
          DATABASE_URL: db.url,
          SESSION_SECRET: secret,
          ...VAPID,
          // The real sites are unreachable here; a closed port makes any scheduled poll fail at once.
          WAKE_BASE_URL: 'http://127.0.0.1:9',
          NC_ABC_BASE_URL: 'http://127.0.0.1:9',
          NC_ABC_WEBSITE_URL: 'http://127.0.0.1:9',
          DURHAM_BASE_URL: 'http://127.0.0.1:9',
          GREENSBORO_BASE_URL: 'http://127.0.0.1:9',
          ABCGO_NEW_HANOVER_URL: 'http://127.0.0.1:9',
          ...env,
        },
      });

    beforeAll(async () => {
      db = await freshDatabase('npmstart');
    });

    it('refuses to start without a mail transport, before touching the database', async () => {
      const refused = start({ PORT: String(await freePort()) });
      running.push(refused);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('SMTP_URL is not set. Outside demo mode, verification codes, password resets and arrival alerts must be e-mailed');
      expect(await sql(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`, [], db.url)).toEqual([]);
    });

    it('refuses to start without the VAPID keys, before touching the database', async () => {
      const refused = start({ PORT: String(await freePort()), SMTP_URL: `smtp://127.0.0.1:${mail.port}`, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '', VAPID_SUBJECT: '' });
      running.push(refused);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set outside demo mode');
      expect(await sql(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`, [], db.url)).toEqual([]);
    });

    it('loads the real reference data, invents nothing, and reports honest health', async () => {
      const port = await freePort();
      const app = start({ PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
      running.push(app);
      const health = await waitForHealth(`http://127.0.0.1:${port}`, app, 240_000); // may build first
      expect(health).toMatchObject({
        status: 'ok',
        database: { reachable: true, set_up_as: 'deployment' },
        reference_data: { boards: 173, stores: 465, products: 3241 },
      });
      // No run the scraper did not make: none yet, or a real attempt that failed.
      for (const run of health.scrapers) expect([null, 'failed']).toContain(run.status);
      for (const table of OBSERVATIONS) expect(await count(db.url, table), `${table}: nothing generated`).toBe(0);
      expect(await sql('SELECT purpose::text, set_up_by FROM database_origin', [], db.url)).toEqual([{ purpose: 'deployment', set_up_by: 'npm start' }]);
      expect(app.output()).toContain('demo mode: off (default with the postgres database)');
      expect(app.output()).not.toMatch(/\[seed\]|Demo logins|admin@demo\.local/);
      await app.stop();
      expect(await app.exited).toBe(0);
    }, 300_000);

    it('refuses demo mode on the database a deployment set up, and writes nothing into it', async () => {
      const demo = start({ PORT: String(await freePort()), DEMO_MODE: 'true' });
      running.push(demo);
      expect(await demo.exited).toBe(1);
      expect(demo.output()).toContain('demo mode refused: this database was set up as a deployment (by npm start');
      for (const table of OBSERVATIONS) expect(await count(db.url, table)).toBe(0);
      expect(await count(db.url, 'scrape_runs WHERE status <> \'failed\'')).toBe(0);
    }, 120_000);
  });

  // ── 2. docker compose ───────────────────────────────────────────────────────────────────────────
  describe('docker compose, each service run as its image would run it', () => {
    let db: TestDatabase;
    let tools: string;
    let runner: string;
    let vars: Vars;
    let hosts: Record<string, string>;
    let appPort: number;
    let hunter: TestUser;
    let app: RunningService;
    const admin = { email: 'owner@replay.test', password: 'Replay-Admin-2026!' };

    /** The service's environment as compose gives it, with compose's host names mapped to the host. */
    const environment = (name: string, imageDir: string, extra: Vars = {}) => {
      const env = mapHosts(serviceEnvironment(compose.services[name], { ...vars, ...extra }), hosts);
      // Paths inside the image (volumes) live under the assembled image's directory.
      for (const [k, v] of Object.entries(env)) if (v.startsWith('/app/')) mkdirSync((env[k] = path.join(imageDir, v.slice(5))), { recursive: true });
      return env;
    };
    const toolsService = (name: 'migrate' | 'scraper', command: string[], extra: Vars = {}) =>
      runService(name, command, { cwd: tools, imageEnv: stages.tools.env, env: environment(name, tools, extra) });
    const startApp = (port: number, extra: Vars = {}) => {
      const app = runService('app', stages.runner.cmd!, {
        cwd: runner,
        imageEnv: stages.runner.env,
        // The image listens on 3000 on every interface; on the host, a free port on loopback.
        env: { ...environment('app', runner, extra), PORT: String(port), HOSTNAME: '127.0.0.1' },
      });
      running.push(app);
      return app;
    };

    beforeAll(async () => {
      // The runner image is Next's standalone output: build it unless an up-to-date one is there.
      const buildId = path.join(root, '.next', 'BUILD_ID');
      const fresh =
        existsSync(path.join(root, '.next', 'standalone', 'server.js')) &&
        existsSync(buildId) &&
        (newestInput(root)?.mtimeMs ?? 0) <= statSync(buildId).mtimeMs;
      if (!fresh) {
        const buildEnv = { NEXT_OUTPUT: 'standalone', NEXT_SKIP_TYPECHECK: '1', NEXT_TELEMETRY_DISABLED: '1' };
        // As the Dockerfile's build stage: no runtime configuration, no database. Asynchronous: the
        // test process must stay responsive (vitest's worker calls) through a build of a minute or more.
        const build = runService('next build', [process.execPath, require.resolve('next/dist/bin/next'), 'build'], { cwd: root, imageEnv: {}, env: buildEnv });
        running.push(build);
        if ((await build.exited) !== 0) throw new Error(`next build (standalone) failed:\n${build.output()}`);
      }
      tools = path.join(work, 'tools');
      runner = path.join(work, 'runner');
      expect(compose.services.migrate.build?.target).toBe('tools');
      expect(compose.services.scraper.build?.target).toBe('tools');
      expect(compose.services.app.build?.target).toBe('runner');
      assembleImage(root, stages, 'tools', tools);
      assembleImage(root, stages, 'runner', runner);

      db = await freshDatabase('compose');
      const u = new URL(db.url);
      appPort = await freePort();
      vars = {
        POSTGRES_USER: decodeURIComponent(u.username),
        POSTGRES_PASSWORD: decodeURIComponent(u.password) || 'unused-with-trust-auth',
        POSTGRES_DB: u.pathname.slice(1),
        SESSION_SECRET: randomBytes(36).toString('base64url'),
        SMTP_URL: 'smtp://mailpit:1025', // docs/operations.md's dev profile
        ...VAPID,
        MAIL_FROM: 'NC Bourbon Tracker <alerts@replay.test>',
        APP_URL: 'http://app:3000',
        // Optional variables pass through when set: the scraper reads the simulator, quickly.
        NC_ABC_BASE_URL: sim.url,
        NC_ABC_WEBSITE_URL: sim.url,
        BOARD_SOURCE_URLS: simulatorSourceUrls(sim.url),
        BOARD_SOURCE_REQUEST_DELAY_MS: '*=0',
        SOURCE_RETRIES: '0',
      };
      hosts = { 'postgres:5432': u.host, 'mailpit:1025': `127.0.0.1:${mail.port}`, 'app:3000': `127.0.0.1:${appPort}` };
    }, 600_000);

    it('starts in depends_on order: the database, migrate, the app, the scraper, the proxy', () => {
      expect(startOrder(compose)).toEqual(['postgres', 'migrate', 'app', 'scraper', 'proxy']);
      expect(compose.services.postgres.image).toMatch(/^postgres:\d+$/);
      // Caddy does not run here: lib/ops/compose.test.ts checks its file against the app's port.
      expect(compose.services.proxy.image).toMatch(/^caddy:/);
    });

    it('migrate: the migrations, then the real reference data; the database is a deployment’s', async () => {
      const migrate = toolsService('migrate', compose.services.migrate.command!);
      const output = await runToCompletion(migrate);
      expect(output).toContain(`Applied ${MIGRATIONS} migration(s)`);
      expect(output).toContain('Reference data: 173 boards, 465 stores, 3241 products (a deployment database, set up by db:migrate');
      for (const table of OBSERVATIONS) expect(await count(db.url, table)).toBe(0);
      // Run again (every upgrade does): nothing changes.
      expect(await runToCompletion(toolsService('migrate', compose.services.migrate.command!))).toContain('reference data: up to date');
    }, 120_000);

    it('create-admin runs in the migrate service (docker compose run --rm -e ADMIN_… migrate npx tsx scripts/create-admin.ts)', async () => {
      const refused = toolsService('migrate', ['npx', 'tsx', 'scripts/create-admin.ts']);
      expect(await refused.exited).toBe(1);
      // Without a terminal it names what it needs.
      expect(refused.output()).toContain('ADMIN_EMAIL, ADMIN_FIRST_NAME, ADMIN_LAST_NAME, ADMIN_PASSWORD are not set and there is no terminal to ask');
      const created = runService('migrate', ['npx', 'tsx', 'scripts/create-admin.ts'], {
        cwd: tools,
        imageEnv: stages.tools.env,
        env: { ...environment('migrate', tools), ADMIN_EMAIL: admin.email, ADMIN_FIRST_NAME: 'Olive', ADMIN_LAST_NAME: 'Owner', ADMIN_PASSWORD: admin.password },
      });
      expect(await runToCompletion(created)).toContain(`Created admin ${admin.email}`);
    }, 120_000);

    it('app: the image’s server is healthy, serves the reference data and signs in the admin', async () => {
      app = startApp(appPort);
      const health = await waitForHealth(`http://127.0.0.1:${appPort}`, app);
      expect(health).toMatchObject({
        status: 'ok',
        database: { reachable: true, set_up_as: 'deployment' },
        reference_data: { boards: 173, stores: 465, products: 3241 },
      });
      expect(health.scrapers.map((s) => s.status), 'no scraper has run').toEqual(ALL_SOURCES.map(() => null));
      const browser = new Browser(`http://127.0.0.1:${appPort}`);
      await browser.login(admin);
      const stores = await browser.call('GET', '/api/stores');
      expect(stores.status).toBe(200);
      expect(JSON.stringify(stores.json)).toContain('Sandy Forks');
    }, 120_000);

    it('the image’s server refuses to start without SMTP_URL (as with a `docker run` that leaves it out), saying why', async () => {
      const env = environment('app', runner);
      delete env.SMTP_URL;
      const refused = runService('app', stages.runner.cmd!, {
        cwd: runner,
        imageEnv: stages.runner.env,
        env: { ...env, PORT: String(await freePort()), HOSTNAME: '127.0.0.1' },
      });
      running.push(refused);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('[app] refusing to start:\n  SMTP_URL is not set: verification codes, password resets and arrival alerts are e-mailed');
    }, 60_000);

    it('scraper --once reads the simulator; a delivery becomes arrivals, and the watching user’s alert e-mail arrives with a working unsubscribe link', async () => {
      const base = `http://127.0.0.1:${appPort}`;
      hunter = await insertTestUser(db.url, { email: `hunter-${Date.now()}@replay.test` });
      const browser = new Browser(base);
      await browser.login(hunter);
      const saved = await browser.call('PUT', '/api/alerts/settings', {
        enabled: true,
        mode: 'instant',
        digest_hour: 17,
        listing_types: ['Allocation', 'Limited', 'Barrel'],
        min_quantity: 1,
        board_ids: [179],
        store_ids: [],
      });
      expect(saved.status, saved.text).toBe(200);

      // `docker compose run --rm scraper node --import tsx scripts/scraper.ts --once`: the first poll is the baseline.
      const once = [...compose.services.scraper.command!, '--once'];
      await runToCompletion(toolsService('scraper', once));
      const baseline = await sql<{ source: string; status: string }>(`SELECT source::text, status::text FROM scrape_runs ORDER BY source`, [], db.url);
      // Every source, the other boards' shelves included, read the simulator and recorded its baseline.
      expect(baseline).toEqual([...ALL_SOURCES].sort().map((source) => ({ source, status: 'ok' })));
      expect(await count(db.url, 'inventory_history')).toBe(0);
      expect(await count(db.url, 'store_inventory WHERE quantity > 0')).toBeGreaterThan(0);

      // Move the simulated world to just after a delivery that brings allocated bottles.
      const nyDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
      let delivered;
      for (let i = 0; i < 20 && !delivered; i++) {
        const next = sim.world.nextDeliveries().filter((d) => d.at).sort((a, b) => a.at!.getTime() - b.at!.getTime())[0];
        sim.world.setTime(new Date(next.at!.getTime() + 60_000));
        delivered = sim.world
          .deliveriesOn(nyDay(next.at!))
          .find((d) => d.storeNumber === next.storeNumber && d.items.some((item) => item.listingType !== 'Listed' && item.after > item.before));
      }
      expect(delivered, 'the simulator delivers allocated bottles within a few deliveries').toBeTruthy();
      const allocated = delivered!.items.filter((item) => item.listingType !== 'Listed' && item.after > item.before);

      const started = new Date();
      await runToCompletion(toolsService('scraper', once));
      const arrivals = await sql<{ plu: string; new_quantity: number; day: string }>(
        `SELECT h.plu, h.new_quantity, to_char((h.checked_at AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day
           FROM inventory_history h JOIN stores s ON s.id = h.store_id
          WHERE s.store_number = $1 AND h.change_type IN ('first', 'increase') AND h.checked_at >= $2`,
        [delivered!.storeNumber, started],
        db.url,
      );
      for (const item of allocated) expect(arrivals, `${item.name} arrived`).toContainEqual(expect.objectContaining({ plu: item.plu, new_quantity: item.after }));

      // The hunter sees them on Today's Arrivals…
      const day = await browser.call('GET', `/api/inventory/todays-arrivals?date=${arrivals[0].day}`);
      expect(day.status).toBe(200);
      for (const item of allocated) {
        expect(day.json.arrivals).toContainEqual(expect.objectContaining({ plu: item.plu, store_number: delivered!.storeNumber, new_quantity: item.after }));
      }
      // …and gets the alert e-mail, through SMTP, from the scraper.
      const email = await waitForMail(mailDir, hunter.email, { subject: /arrived/i, timeoutMs: 10_000 });
      expect(email.from).toBe('alerts@replay.test');
      for (const item of allocated) expect(email.text).toContain(item.name);
      const link = /Unsubscribe from arrival alerts: (\S+)/.exec(email.text)?.[1];
      expect(link, email.text).toMatch(new RegExp(`^${base}/unsubscribe\\?token=`));

      const page = await fetch(link!);
      expect(page.status).toBe(200);
      const token = new URL(link!).searchParams.get('token')!;
      const stranger = new Browser(base); // no session: the link works without signing in
      const check = await stranger.call('GET', `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(check.json).toMatchObject({ valid: true, enabled: true });
      const confirm = await stranger.call('POST', '/api/alerts/unsubscribe', { token });
      expect(confirm.status, confirm.text).toBe(200);
      expect(await sql(`SELECT enabled FROM alert_channels WHERE user_id = $1 AND channel = 'email'`, [hunter.id], db.url)).toEqual([{ enabled: false }]);

      // Health reports the runs that really happened.
      const health = await waitForHealth(base, app);
      expect(health.scrapers.map((r) => [r.source, r.status]).sort()).toEqual([...ALL_SOURCES].sort().map((s) => [s, 'ok']));
    }, 240_000);

    it('the scraper service as compose runs it: its healthcheck passes while cycles finish, SIGTERM ends it within 30 s, then the healthcheck fails', async () => {
      const scraper = toolsService('scraper', compose.services.scraper.command!);
      running.push(scraper);
      // The healthcheck, as Docker runs it in the scraper's container (its test without "CMD").
      const test = compose.services.scraper.healthcheck!.test;
      expect(test.slice(0, 2)).toEqual(['CMD', 'node']);
      const healthcheck = () => runService('scraper healthcheck', test.slice(1), { cwd: tools, imageEnv: stages.tools.env, env: environment('scraper', tools) });
      // The watchdog writes its first heartbeat as the scraper starts; the cycles of the test above finished just now.
      let verdict = healthcheck();
      for (let i = 0; i < 60 && (await verdict.exited) !== 0; i++) {
        await new Promise((r) => setTimeout(r, 500));
        verdict = healthcheck();
      }
      expect(await verdict.exited, `${verdict.output()}\n${scraper.output()}`).toBe(0);
      expect(verdict.output()).toMatch(/^ok: last cycle finished /);

      // docker stop: SIGTERM to the container's process, which is the scraper itself.
      const stopAt = Date.now();
      scraper.child.kill('SIGTERM');
      expect(await scraper.exited, scraper.output()).toBe(0);
      expect(Date.now() - stopAt).toBeLessThan(30_000);
      const after = healthcheck();
      expect(await after.exited).toBe(1);
      expect(after.output()).toMatch(/^unhealthy: the scraper stopped at /);
    }, 120_000);

    // ── 3. backup and restore ─────────────────────────────────────────────────────────────────────
    it('backup and restore (docs/operations.md): a dump of this database restores into a fresh one, and the app serves it', async () => {
      const dump = path.join(work, 'backup.dump');
      // docker compose exec -T postgres sh -c 'pg_dump -U "$POSTGRES_USER" -d "$POSTGRES_DB" --format=custom' > backup.dump
      const out = openSync(dump, 'w');
      const dumped = spawnSync('pg_dump', ['--dbname', db.url, '--format=custom'], { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
      closeSync(out);
      expect(dumped.status, dumped.stderr).toBe(0);

      // docker compose up -d postgres (a new volume: an empty database), then
      // docker compose exec -T postgres sh -c 'pg_restore -U "$POSTGRES_USER" -d "$POSTGRES_DB" --no-owner --exit-on-error' < backup.dump
      const restored = await freshDatabase('restored');
      const input = openSync(dump, 'r');
      const restoredRun = spawnSync('pg_restore', ['--dbname', restored.url, '--no-owner', '--exit-on-error'], { stdio: [input, 'pipe', 'pipe'], encoding: 'utf8' });
      closeSync(input);
      expect(restoredRun.status, restoredRun.stderr).toBe(0);

      // docker compose up -d: migrate first (up to date, reference data unchanged), then the app.
      const restoredVars = { POSTGRES_DB: new URL(restored.url).pathname.slice(1) };
      const migrated = await runToCompletion(toolsService('migrate', compose.services.migrate.command!, restoredVars));
      expect(migrated).toContain(`Database is up to date (${MIGRATIONS} migration(s) applied).`);
      expect(migrated).toContain('reference data: up to date');

      for (const table of ['boards', 'stores', 'products', 'users', 'scrape_runs', 'inventory_history', 'store_inventory', 'alert_log', 'alert_settings', 'database_origin']) {
        expect(await count(restored.url, table), table).toBe(await count(db.url, table));
      }
      const port = await freePort();
      const restoredApp = startApp(port, restoredVars);
      const health = await waitForHealth(`http://127.0.0.1:${port}`, restoredApp);
      expect(health).toMatchObject({ status: 'ok', database: { set_up_as: 'deployment' }, reference_data: { boards: 173, stores: 465, products: 3241 } });
      expect(health.scrapers).toHaveLength(ALL_SOURCES.length);
      const browser = new Browser(`http://127.0.0.1:${port}`);
      await browser.login(hunter);
      const [{ day }] = await sql<{ day: string }>(
        `SELECT to_char((max(checked_at) AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS day FROM inventory_history`,
        [],
        restored.url,
      );
      const original = new Browser(`http://127.0.0.1:${appPort}`);
      await original.login(hunter);
      const before = await original.call('GET', `/api/inventory/todays-arrivals?date=${day}`);
      const after = await browser.call('GET', `/api/inventory/todays-arrivals?date=${day}`);
      expect(after.status).toBe(200);
      expect((after.json.arrivals as unknown[]).length).toBeGreaterThan(0);
      expect(after.json.arrivals).toEqual(before.json.arrivals);
      await browser.login(admin);
    }, 180_000);
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedServer } from '../lib/db/embedded.ts';
import { migrate, migrationsDir, type MigrateResult } from '../lib/db/migrate.ts';

// Test databases: a uniquely named database on the Postgres server named by TEST_PG_SERVER_URL (CI
// points it at 127.0.0.1:5432), or a throwaway in-memory PGlite when no server is configured. Always
// dropped afterwards; tests never depend on leftover state.
//
// Migrating and seeding take seconds; copying a database takes a fraction of one. So each kind of
// starting point is built once, as a template database, by the first test file that asks for it, and
// every file gets its own copy (CREATE DATABASE … TEMPLATE). A template is kept across runs until what
// it is built from changes: its name carries a hash of the migrations (the migrated schema) or of
// everything a seed can run (prisma/, lib/, demo/: the reference data and the demo). Templates
// no run has used for an hour are dropped. PGlite has no templates: there each file builds its own.

/** What a new test database holds: nothing, the migrated schema, plus the reference data, plus the demo's 8 weeks of history. */
export type TestDatabaseKind = 'empty' | 'migrated' | 'reference' | 'demo';

/** The end of the demo history in `demo` databases: Wednesday 11 March 2026, 12:40 in New York (EDT since the 8th). */
export const DEMO_NOW = new Date('2026-03-11T16:40:00Z');
/** DEMO_NOW's New York date. */
export const DEMO_TODAY = '2026-03-11';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates and loads what `kind` holds into the database at `url` (everything but the schema goes through the app's own code). */
async function build(url: string, kind: TestDatabaseKind): Promise<void> {
  if (kind === 'empty') return;
  await migrate(url);
  if (kind === 'migrated') return;
  const { setDatabaseUrl, disconnectDb } = await import('../lib/db/index.ts');
  const { seedDatabase } = await import('../demo/index.ts');
  await setDatabaseUrl(url);
  try {
    await seedDatabase(kind === 'demo' ? { now: DEMO_NOW } : { history: false });
  } finally {
    // A template must have no connections left when it is copied.
    await disconnectDb();
  }
}

/** Every file under `dir` (recursively), sorted, that `keep` accepts. */
function filesUnder(dir: string, keep: (file: string) => boolean = () => true): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .filter(keep)
    .sort();
}

/** The job queue's schema is the library's (lib/db/queue.ts): its version is part of what a template holds. */
const QUEUE_VERSION = 'node_modules/graphile-worker/package.json';
const sourcesOf: Record<Exclude<TestDatabaseKind, 'empty'>, () => string[]> = {
  migrated: () => [...filesUnder('prisma/migrations'), ...filesUnder('prisma/functions'), QUEUE_VERSION],
  reference: () => [...filesUnder('prisma'), QUEUE_VERSION, ...filesUnder('lib', (f) => !/\.test\.tsx?$/.test(f)), ...['demo', 'simulator'].flatMap((dir) => filesUnder(dir, (f) => !/\.test\.ts$/.test(f)))],
  demo: () => sourcesOf.reference(),
};
const hashes = new Map<TestDatabaseKind, string>();

/** The template of `kind` as its sources are now: `nbt_tpl_<kind>_<hash of its sources>`. */
function templateName(kind: Exclude<TestDatabaseKind, 'empty'>): string {
  if (!hashes.has(kind)) {
    const hash = createHash('sha256');
    for (const file of sourcesOf[kind]()) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
    hashes.set(kind, hash.digest('hex').slice(0, 16));
  }
  return `nbt_tpl_${kind}_${hashes.get(kind)}`;
}

/** The template of `kind`, built under an advisory lock by whichever test file asks first, and marked as used now. */
async function ensureTemplate(serverUrl: string, kind: Exclude<TestDatabaseKind, 'empty'>): Promise<string> {
  const name = templateName(kind);
  const lockKey = createHash('sha256').update(name).digest().readInt32BE(0);
  return onServer(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!rowCount) {
        // Built under a temporary name and renamed when complete: a template is never half-built.
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${building}"`);
        await build(withDatabase(serverUrl, building), kind);
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      }
      await admin.query(`COMMENT ON DATABASE "${name}" IS '${new Date().toISOString()}'`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  });
}

/** Drops the templates no run has used for an hour (another checkout's, or of sources since changed). */
export async function dropStaleTemplates(serverUrl: string): Promise<void> {
  await onServer(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT d.datname FROM pg_database d LEFT JOIN pg_shdescription c ON c.objoid = d.oid AND c.classoid = 'pg_database'::regclass
        WHERE d.datname ~ '^nbt_tpl_(migrated|reference|demo)_[0-9a-f]{16}$' AND (c.description IS NULL OR c.description < $1)`,
      [new Date(Date.now() - 3600_000).toISOString()],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** A new database of its own holding `kind` (default: the migrated schema); on a Postgres server, a copy of the kind's template. */
export async function createTestDatabase(label = 'test', kind: TestDatabaseKind = 'migrated'): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  if (!serverUrl) {
    const server = await startEmbeddedServer({ dataDir: 'memory://' });
    await build(server.url, kind);
    return { url: server.url, drop: () => server.stop() };
  }
  const name = `nbt_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const template = kind === 'empty' ? null : await ensureTemplate(serverUrl, kind);
  await onServer(serverUrl, (admin) => admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  const url = withDatabase(serverUrl, name);
  if (!template) await build(url, kind);
  return {
    url,
    drop: () => onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** A copy of the migrations folder holding those before `migration` (and it too, with `including`). */
function migrationsBefore(migration: string, including: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nbt-migrations-'));
  cpSync(migrationsDir(), dir, { recursive: true });
  // Migration folders sort by their timestamp prefix; the later ones build on this one (a column, a constraint).
  for (const name of readdirSync(dir)) {
    if (statSync(path.join(dir, name)).isDirectory() && (including ? name > migration : name >= migration)) rmSync(path.join(dir, name), { recursive: true });
  }
  return dir;
}

/**
 * A new database migrated up to, not including, `migration`: a deployment from before it, for a test that fills it
 * with old rows and then applies that one migration alone (`applyMigration()`).
 */
export type OlderDatabase = TestDatabase & { applyMigration: () => Promise<MigrateResult> };

export async function createDatabaseWithout(migration: string, label: string): Promise<OlderDatabase> {
  const db = await createTestDatabase(label, 'empty');
  const apply = async (including: boolean) => {
    const dir = migrationsBefore(migration, including);
    try {
      return await migrate(db.url, { dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  await apply(false);
  return { ...db, applyMigration: () => apply(true) };
}

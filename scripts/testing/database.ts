import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedServer } from '../../lib/db/embedded.ts';
import { migrate } from '../../lib/db/migrate.ts';

// Test databases: a uniquely named database on the Postgres server named by TEST_PG_SERVER_URL (CI
// points it at 127.0.0.1:5432), or a throwaway in-memory PGlite when no server is configured. Always
// dropped afterwards; tests never depend on leftover state.
//
// Migrating and seeding take seconds; copying a database takes a fraction of one. So each kind of
// starting point is built once per test run, as a template database, by the first test file that asks
// for it, and every file gets its own copy (CREATE DATABASE … TEMPLATE). The run's templates are named
// after TEST_RUN_ID (set by the global setup) and dropped by its teardown. PGlite has no templates: there
// each file builds its own.

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
  const { setDatabaseUrl, disconnectDb } = await import('../../lib/db/index.ts');
  const { seedDatabase } = await import('../demo/index.ts');
  await setDatabaseUrl(url);
  try {
    await seedDatabase(kind === 'demo' ? { now: DEMO_NOW } : { history: false });
  } finally {
    // A template must have no connections left when it is copied.
    await disconnectDb();
  }
}

const templateName = (runId: string, kind: TestDatabaseKind) => `nbt_tpl_${runId}_${kind}`;

/** The run's template of `kind`, built under an advisory lock by whichever test file asks first. */
async function ensureTemplate(serverUrl: string, kind: TestDatabaseKind): Promise<string> {
  const runId = process.env.TEST_RUN_ID;
  if (!runId) throw new Error('TEST_RUN_ID is not set: templates are built only in a run the global setup started');
  const name = templateName(runId, kind);
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
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  });
}

/** Drops the run's templates (the global teardown). */
export async function dropTemplates(serverUrl: string, runId: string): Promise<void> {
  await onServer(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`nbt_tpl_${runId}_%`]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/**
 * A new database of its own holding `kind` (default: the migrated schema). On a Postgres server it is a
 * copy of the run's template when the run has templates (vitest), else built in place (e2e, replay).
 */
export async function createTestDatabase(label = 'test', kind: TestDatabaseKind = 'migrated'): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  if (!serverUrl) {
    const server = await startEmbeddedServer({ dataDir: 'memory://' });
    await build(server.url, kind);
    return { url: server.url, drop: () => server.stop() };
  }
  const name = `nbt_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
  const template = kind !== 'empty' && process.env.TEST_RUN_ID ? await ensureTemplate(serverUrl, kind) : null;
  await onServer(serverUrl, (admin) => admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  const url = withDatabase(serverUrl, name);
  if (!template) await build(url, kind);
  return {
    url,
    drop: () => onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

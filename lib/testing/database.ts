import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedServer } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';

// Test databases: a uniquely named database on the Postgres server named by TEST_PG_SERVER_URL
// (CI points it at 127.0.0.1:5432), or a throwaway in-memory PGlite when no server is configured.
// Always dropped afterwards; tests never depend on leftover state.

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createTestDatabase(
  label = 'test',
  options: { migrate?: boolean } = { migrate: true },
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_PG_SERVER_URL;
  let db: TestDatabase;
  if (serverUrl) {
    const name = `nbt_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`.toLowerCase();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    db = {
      url: withDatabase(serverUrl, name),
      async drop() {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.end();
      },
    };
  } else {
    const server = await startEmbeddedServer({ dataDir: 'memory://' });
    db = { url: server.url, drop: () => server.stop() };
  }
  if (options.migrate !== false) await migrate(db.url);
  return db;
}

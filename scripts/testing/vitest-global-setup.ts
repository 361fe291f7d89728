import { randomBytes } from 'node:crypto';
import { createTestDatabase, dropTemplates, type TestDatabase } from './database.ts';

// One test run: a run id that names the run's template databases (scripts/testing/database.ts), and
// one migrated database shared by the test files that need no data of their own (unique e-mails keep
// them apart). DATABASE_URL (when set) names the server; workers inherit the shared database's URL.
let database: TestDatabase | undefined;

export async function setup() {
  if (process.env.DATABASE_URL && !process.env.TEST_PG_SERVER_URL) {
    process.env.TEST_PG_SERVER_URL = process.env.DATABASE_URL;
  }
  process.env.TEST_RUN_ID = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  database = await createTestDatabase('unit');
  process.env.DATABASE_URL = database.url;
}

export async function teardown() {
  await database?.drop();
  if (process.env.TEST_PG_SERVER_URL) await dropTemplates(process.env.TEST_PG_SERVER_URL, process.env.TEST_RUN_ID!);
}

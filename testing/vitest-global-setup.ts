import { createTestDatabase, dropStaleTemplates, type TestDatabase } from './database.ts';

// The `db` project's run (vitest.config.ts): one migrated database shared by the test files that need no
// data of their own (unique e-mails keep them apart), copied from the kept template. DATABASE_URL (when
// set) names the server; workers inherit the shared database's URL.
let database: TestDatabase | undefined;

export async function setup() {
  if (process.env.DATABASE_URL && !process.env.TEST_PG_SERVER_URL) {
    process.env.TEST_PG_SERVER_URL = process.env.DATABASE_URL;
  }
  if (process.env.TEST_PG_SERVER_URL) await dropStaleTemplates(process.env.TEST_PG_SERVER_URL);
  database = await createTestDatabase('unit');
  process.env.DATABASE_URL = database.url;
}

export async function teardown() {
  await database?.drop();
}

import { createTestDatabase, type TestDatabase } from './database.ts';

// One migrated database per test run, named uniquely and dropped at the end. DATABASE_URL (when set)
// names the server to create it on; workers inherit the test database's URL.
let database: TestDatabase | undefined;

export async function setup() {
  if (process.env.DATABASE_URL && !process.env.TEST_PG_SERVER_URL) {
    process.env.TEST_PG_SERVER_URL = process.env.DATABASE_URL;
  }
  database = await createTestDatabase('unit');
  process.env.DATABASE_URL = database.url;
}

export async function teardown() {
  await database?.drop();
}

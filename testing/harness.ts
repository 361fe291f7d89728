import { afterAll, beforeAll, expect, vi } from 'vitest';
import { POST as login } from '../app/api/auth/login/route.ts';
import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import { TestClient } from './api.ts';
import { createTestDatabase, DEMO_NOW, type TestDatabase, type TestDatabaseKind } from './database.ts';
import { sql } from './sql.ts';
import { insertTestUser, type TestUser, type TestUserOptions } from './users.ts';

// The one test harness for route and domain tests. A test file that needs data of its own calls
// withTestDatabase() at the top; every helper below then works on that file's database (through
// DATABASE_URL, which the hook points at it). Files that need no data of their own use the run's shared
// migrated database the same way, without the hook.

/**
 * This file's own database, a copy of the run's template of `kind` (testing/database.ts), used by
 * every helper here and by the app's code. `demo` databases also freeze Date at DEMO_NOW, so "today" is
 * the demo history's today.
 */
export function withTestDatabase(kind: Exclude<TestDatabaseKind, 'empty'>, label: string = kind): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(label, kind);
    process.env.DATABASE_URL = database.url;
    await setDatabaseUrl(database.url);
    if (kind === 'demo') vi.useFakeTimers({ now: DEMO_NOW, toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await disconnectDb();
    await database?.drop();
  });
}

/** One query on the current test database, for arranging or inspecting rows directly. */
export const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params);

/** A user written straight into the current test database (active and verified unless told otherwise). */
export const newUser = (options: TestUserOptions = {}) => insertTestUser(process.env.DATABASE_URL!, options);

/** A browser with its own address, signed in as `user` (a new one by default) through POST /api/auth/login. */
export async function signedIn(user?: TestUser): Promise<{ browser: TestClient; user: TestUser }> {
  const who = user ?? (await newUser());
  const browser = new TestClient();
  const res = await browser.call(login, '/api/auth/login', { method: 'POST', body: { email: who.email, password: who.password } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { browser, user: who };
}

export { expectClientError, TestClient } from './api.ts';
export { DEMO_NOW, DEMO_TODAY } from './database.ts';
export type { TestUser } from './users.ts';

import { afterAll, beforeAll, expect, vi } from 'vitest';
import { POST as login } from '../../app/api/auth/login/route.ts';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { seedDatabase } from '../seed/index.ts';
import { TestClient } from '../testing/api.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { sql } from '../testing/sql.ts';
import { insertTestUser } from '../testing/users.ts';

// Shared by the report tests (lib/reports/*.test.ts): a database of their own with the deterministic demo
// seed (8 weeks of history up to NOW), the clock frozen at NOW so "today" is the seed's today, users signed
// in through the login route, and the 4xx checks.

/** Wednesday 11 March 2026, 12:40 in New York (EDT since the 8th: the seed's 8 weeks start in EST). */
export const NOW = new Date('2026-03-11T16:40:00Z');
export const TODAY = '2026-03-11';

let database: TestDatabase | undefined;

/** Registers beforeAll/afterAll hooks: a seeded database used by this test file only, and a frozen clock. */
export function withReportsDatabase(): void {
  beforeAll(async () => {
    database = await createTestDatabase('reports');
    process.env.DATABASE_URL = database.url;
    await setDatabaseUrl(database.url);
    await seedDatabase({ now: NOW });
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await disconnectDb();
    await database?.drop();
  });
}

export const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, database!.url);

/** A browser with its own address, signed in through POST /api/auth/login. */
export async function signedIn(): Promise<TestClient> {
  const user = await insertTestUser(database?.url ?? process.env.DATABASE_URL!);
  const browser = new TestClient();
  const res = await browser.call(login, '/api/auth/login', { method: 'POST', body: { email: user.email, password: user.password } });
  expect(res.status).toBe(200);
  return browser;
}

/** A JSON 4xx with `success: false` and a non-empty `error` (and the given status). */
export function expectClientError(res: { status: number; json: Record<string, unknown> }, status?: number) {
  if (status) expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.json.success).toBe(false);
  expect(typeof res.json.error).toBe('string');
  expect((res.json.error as string).length).toBeGreaterThan(0);
}

/** The hunted listing types as SQL, for the tests' own reference queries. */
export { HUNTED_SQL } from '../catalog/hunted.ts';

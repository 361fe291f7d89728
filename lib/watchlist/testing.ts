import { afterAll, beforeAll, expect } from 'vitest';
import { POST as login } from '../../app/api/auth/login/route.ts';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { seedDatabase } from '../seed/index.ts';
import { TestClient } from '../testing/api.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { sql } from '../testing/sql.ts';
import { insertTestUser, type TestUser } from '../testing/users.ts';

// Shared by the Watchlist route tests: a database of their own holding the real catalog (reference data
// only, no history), users signed in through the login route, and the 4xx checks.

let database: TestDatabase | undefined;

/** Registers beforeAll/afterAll hooks: a migrated database with the seed catalog, used by this file only. */
export function withCatalogDatabase(): void {
  beforeAll(async () => {
    database = await createTestDatabase('watchlist');
    process.env.DATABASE_URL = database.url;
    await setDatabaseUrl(database.url);
    await seedDatabase({ history: false });
  });
  afterAll(async () => {
    await disconnectDb();
    await database?.drop();
  });
}

export const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(text, params, database!.url);

export const newUser = () => insertTestUser(database!.url);

/** A browser with its own address, signed in as `user` through POST /api/auth/login. */
export async function signedIn(user?: TestUser): Promise<{ browser: TestClient; user: TestUser }> {
  const who = user ?? (await newUser());
  const browser = new TestClient();
  const res = await browser.call(login, '/api/auth/login', { method: 'POST', body: { email: who.email, password: who.password } });
  expect(res.status).toBe(200);
  return { browser, user: who };
}

/** A JSON 4xx with a non-empty `error` (and the given status). */
export function expectClientError(res: { status: number; json: Record<string, unknown> }, status?: number) {
  if (status) expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(typeof res.json.error).toBe('string');
  expect((res.json.error as string).length).toBeGreaterThan(0);
}

/** Catalog PLUs by kind, read from the seeded database (so the tests follow the data, not fixed numbers). */
export async function samplePlus(premiumMin = 60) {
  const pick = async (where: string, params: unknown[] = []) =>
    query<{ plu: string; name: string }>(`SELECT plu, name FROM products WHERE ${where} ORDER BY plu`, params);
  return {
    allocation: await pick(`listing_type = 'Allocation'`),
    limited: await pick(`listing_type = 'Limited'`),
    barrel: await pick(`listing_type = 'Barrel'`),
    premium: await pick(`listing_type = 'Listed' AND retail_price >= $1`, [premiumMin]),
    /** Everyday Listed products: not on the default list, so they can be added from search. */
    everyday: await pick(`listing_type = 'Listed' AND retail_price < $1`, [premiumMin]),
  };
}

import { afterAll, beforeAll, expect } from 'vitest';
import { POST as login } from '../../app/api/auth/login/route.ts';
import { disconnectDb, setDatabaseUrl } from '../db/index.ts';
import { seedDatabase } from '../seed/index.ts';
import { TestClient } from '../testing/api.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { startMailServer } from '../testing/mail-server.ts';
import { sql } from '../testing/sql.ts';
import { insertTestUser, type TestUser } from '../testing/users.ts';
import type { AlertSettingsDto } from './rules.ts';

// Test helpers for arrival alerts: the test SMTP server (lib/testing/mail-server.ts) with recipients that
// can be made to stall (a send in flight when its process is killed) or be refused (a failed send to
// retry); and direct writes of settings and arrivals.

export interface ControlledMailServer {
  port: number;
  /** Recipients whose RCPT TO never gets an answer: the client waits until it is killed. */
  stall: Set<string>;
  /** Recipients refused with a temporary error: nodemailer reports the send as failed. */
  refuse: Set<string>;
  /** Every RCPT TO seen, in order. */
  recipientsSeen: string[];
  stop(): Promise<void>;
}

export async function startControlledMailServer(dir: string): Promise<ControlledMailServer> {
  const control = { stall: new Set<string>(), refuse: new Set<string>(), recipientsSeen: [] as string[] };
  const server = await startMailServer(dir, {
    onRecipient(to) {
      control.recipientsSeen.push(to);
      if (control.stall.has(to)) return 'stall';
      if (control.refuse.has(to)) return Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
      return 'accept';
    },
  });
  return { ...server, ...control };
}

/** Saves alert settings straight into the database (the API is tested on its own). */
export async function setAlertSettings(
  url: string,
  userId: number,
  settings: Partial<AlertSettingsDto> & { last_digest_at?: Date | null } = {},
): Promise<void> {
  const s = {
    enabled: true,
    mode: 'instant',
    digest_hour: 17,
    listing_types: ['Allocation', 'Limited', 'Barrel'],
    min_quantity: 1,
    store_ids: [] as number[],
    last_digest_at: null as Date | null,
    ...settings,
  };
  await sql(
    `INSERT INTO alert_settings (user_id, enabled, mode, digest_hour, listing_types, min_quantity, store_ids, last_digest_at, updated_at)
     VALUES ($1, $2, $3::"AlertMode", $4, $5::"ListingType"[], $6, $7::int[], $8, now())
     ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, mode = EXCLUDED.mode, digest_hour = EXCLUDED.digest_hour,
       listing_types = EXCLUDED.listing_types, min_quantity = EXCLUDED.min_quantity, store_ids = EXCLUDED.store_ids,
       last_digest_at = EXCLUDED.last_digest_at, updated_at = now()`,
    [userId, s.enabled, s.mode, s.digest_hour, s.listing_types, s.min_quantity, s.store_ids, s.last_digest_at],
    url,
  );
}

/** An arrival as the scraper writes it (an inventory_history first/increase row). */
export async function insertArrival(
  url: string,
  a: { storeId: number; plu: string; at: Date; quantity: number; previous?: number },
): Promise<number> {
  const previous = a.previous ?? 0;
  const [row] = await sql<{ id: string }>(
    `INSERT INTO inventory_history (store_id, plu, checked_at, previous_quantity, new_quantity, delta, change_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7::"ChangeType") RETURNING id::text`,
    [a.storeId, a.plu, a.at, previous, a.quantity, a.quantity - previous, previous === 0 ? 'first' : 'increase'],
    url,
  );
  return Number(row.id);
}

// ───────────── route tests: a database of their own with the seed catalog, users signed in by the login route ─────────────

let routeDatabase: TestDatabase | undefined;

/** Registers beforeAll/afterAll hooks: a migrated database with the seed catalog, used by this file only. */
export function withAlertsDatabase(): void {
  beforeAll(async () => {
    routeDatabase = await createTestDatabase('alerts_api');
    process.env.DATABASE_URL = routeDatabase.url;
    await setDatabaseUrl(routeDatabase.url);
    await seedDatabase({ history: false });
  });
  afterAll(async () => {
    await disconnectDb();
    await routeDatabase?.drop();
  });
}

export const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>(text, params, routeDatabase!.url);

export const newUser = (options: Parameters<typeof insertTestUser>[1] = {}) => insertTestUser(routeDatabase!.url, options);

/** A browser with its own address, signed in as `user` through POST /api/auth/login. */
export async function signedIn(user?: TestUser): Promise<{ browser: TestClient; user: TestUser }> {
  const who = user ?? (await newUser());
  const browser = new TestClient();
  const res = await browser.call(login, '/api/auth/login', { method: 'POST', body: { email: who.email, password: who.password } });
  expect(res.status).toBe(200);
  return { browser, user: who };
}

/** A JSON 4xx with a non-empty `error` (and the given status). */
export function expectClientError(res: { status: number; json: Record<string, unknown> }, status: number) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(typeof res.json.error).toBe('string');
  expect((res.json.error as string).length).toBeGreaterThan(0);
}

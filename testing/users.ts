import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import type { Role, UserStatus } from '../generated/prisma/enums.ts';

// Test users written straight into the database (the way a fixture should: fast, no UI), with a
// unique e-mail per call so tests can run in parallel.

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: UserStatus;
}

export interface TestUserOptions {
  role?: Role;
  status?: UserStatus;
  verified?: boolean;
  firstName?: string;
  email?: string;
}

export async function insertTestUser(databaseUrl: string, options: TestUserOptions = {}): Promise<TestUser> {
  const tag = randomBytes(4).toString('hex');
  const user = {
    email: options.email ?? `hunter-${tag}@example.test`,
    password: `Test-${tag}-Pass1!`,
    firstName: options.firstName ?? 'Casey',
    // Letters only: a name is letters (lib/auth/rules.ts), so the profile form accepts it as it stands.
    lastName: `Tester${tag.slice(0, 3).replace(/\d/g, (d) => 'ghijklmnop'[Number(d)])}`,
    role: options.role ?? 'user',
    status: options.status ?? 'active',
  };
  const hash = await bcrypt.hash(user.password, 4);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, status, email_verified_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::"Role", $6::"UserStatus", $7, now()) RETURNING id`,
      [user.email, hash, user.firstName, user.lastName, user.role, user.status, options.verified === false ? null : new Date()],
    );
    return { id: rows[0].id, ...user };
  } finally {
    await client.end();
  }
}

/** A hunter watching these products (interested): the scraper asks every covered board about them every cycle. */
export async function insertWatcher(databaseUrl: string, plus: string[]): Promise<TestUser> {
  const user = await insertTestUser(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO watch_items (user_id, plu, interest_type) SELECT $1, plu, 'interested' FROM unnest($2::text[]) AS p(plu)`, [user.id, plus]);
    return user;
  } finally {
    await client.end();
  }
}

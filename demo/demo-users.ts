// Demo accounts for DEMO_MODE: an admin and a regular user, active and verified, with passwords that
// satisfy the registration rules (8+ characters, lower, upper, digit, symbol). Created only when missing.
import bcrypt from 'bcryptjs';
import { db } from '../lib/db/index.ts';
import { env } from '../lib/env.ts';
import { DEMO_ADMIN_EMAIL } from '../lib/reference/origin.ts';

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

export const DEMO_USERS = [
  { role: 'admin', email: DEMO_ADMIN_EMAIL, password: 'Demo-Admin-2026!', firstName: 'Alex', lastName: 'Admin' },
  { role: 'user', email: 'hunter@demo.local', password: 'Demo-Hunter-2026!', firstName: 'Hannah', lastName: 'Hunter' },
] as const;

/** Creates the demo users that do not exist yet; returns how many it created. */
export async function ensureDemoUsers(now: Date): Promise<number> {
  const existing = await db.user.findMany({
    where: { email: { in: DEMO_USERS.map((u) => u.email) } },
    select: { email: true },
  });
  const have = new Set(existing.map((u) => u.email));
  const missing = DEMO_USERS.filter((u) => !have.has(u.email));
  if (!missing.length) return 0;
  const cost = env().BCRYPT_COST;
  const data = await Promise.all(
    missing.map(async (u) => ({
      email: u.email,
      passwordHash: await bcrypt.hash(u.password, cost),
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      status: 'active' as const,
      emailVerifiedAt: now,
    })),
  );
  const { count } = await db.user.createMany({ data, skipDuplicates: true });
  return count;
}

export function demoLogins(): DemoLogin[] {
  return DEMO_USERS.map(({ role, email, password }) => ({ role, email, password }));
}

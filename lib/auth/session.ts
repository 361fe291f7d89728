import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { getIronSession, unsealData, type CookieStore } from 'iron-session';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { env, sessionSecret } from '../env.ts';
import type { Role, UserStatus } from '../../generated/prisma/enums.ts';

// The cookie (sealed by iron-session) carries only a random session id. The sessions table holds
// its hash, so logout, disabling a user and password changes revoke sessions immediately.
// See docs/decisions/003-sessions.md.

export { SESSION_COOKIE } from './session-cookie.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

interface CookieData {
  sid?: string;
}

export interface SessionUser {
  id: number;
  sessionId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  /** The covered board the report screens show when the address names none (null: Wake). */
  homeBoardId: number | null;
  role: Role;
  status: UserStatus;
}

const hashId = (sid: string) => createHash('sha256').update(sid).digest('hex');

/**
 * Where the session cookie is read and written: Next's cookie store in server components, or the
 * request's cookies plus a list of pending Set-Cookie calls in route handlers (lib/api/handler.ts), so
 * handlers are plain functions of a Request that tests can call directly.
 */
export type CookieJar = CookieStore;

async function cookieSession(jar?: CookieJar) {
  const ttlSeconds = env().SESSION_TTL_HOURS * 3600;
  return getIronSession<CookieData>(jar ?? ((await cookies()) as unknown as CookieStore), {
    password: sessionSecret(),
    cookieName: SESSION_COOKIE,
    ttl: ttlSeconds,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the app is served over https (production); plain http only on a developer's machine.
      secure: env().APP_URL.startsWith('https://'),
      path: '/',
    },
  });
}

/**
 * The random session id inside a session cookie, or undefined when the cookie is not one of ours (forged,
 * altered, expired). Unsealing costs ~1 ms of CPU (key derivation and decryption), and a browser sends the
 * same cookie with every request, so cookies that unsealed are remembered for a minute (at most
 * RECENT_COOKIES_MAX of them). Only the cookie-to-id step is remembered: the session row is read every time,
 * so a revoked or expired session still ends at its next request.
 */
async function sessionIdOf(seal: string): Promise<string | undefined> {
  const now = Date.now();
  const known = recentCookies.get(seal);
  if (known && known.until > now) return known.sid;
  recentCookies.delete(seal);
  const { sid } = await unsealData<CookieData>(seal, { password: sessionSecret(), ttl: env().SESSION_TTL_HOURS * 3600 });
  if (!sid) return undefined;
  if (recentCookies.size >= RECENT_COOKIES_MAX) recentCookies.delete(recentCookies.keys().next().value!);
  recentCookies.set(seal, { sid, until: now + RECENT_COOKIE_MS });
  return sid;
}

const RECENT_COOKIE_MS = 60_000;
const RECENT_COOKIES_MAX = 5_000;
const recentCookies = new Map<string, { sid: string; until: number }>();

/** Creates a session row for the user and sets the cookie. */
export async function startSession(
  jar: CookieJar,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
) {
  const sid = randomBytes(32).toString('base64url');
  await db.session.create({
    data: {
      id: hashId(sid),
      userId,
      expiresAt: new Date(Date.now() + env().SESSION_TTL_HOURS * 3600_000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    },
  });
  const session = await cookieSession(jar);
  session.sid = sid;
  await session.save();
}

type SessionRow = Omit<SessionUser, 'sessionId'> & { expiresAt: Date; lastSeenAt: Date };

/**
 * Session rows with their users, kept in memory until a session or a user changes (lib/db/changes.ts):
 * every signed-in request needs one, and they change only at sign-out, revocation and an admin's decision.
 */
const sessionRows = new ChangeCache<SessionRow | null>(['sessions', 'users'], 5_000);

/**
 * The signed-in, active user of this request, or null. Cached per request. A session whose user is
 * no longer active (disabled by an admin) stops working at its next request.
 */
export const getSessionUser = cache(async (jar?: CookieJar): Promise<SessionUser | null> => {
  const seal = (jar ?? ((await cookies()) as unknown as CookieStore)).get(SESSION_COOKIE)?.value;
  const sid = seal ? await sessionIdOf(seal) : undefined;
  if (!sid) return null;
  const id = hashId(sid);
  const row = await sessionRows.get(id, () => readSessionRow(id), { keep: (found) => found !== null });
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.status !== 'active') {
    sessionRows.forget(id);
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > 5 * 60_000) {
    row.lastSeenAt = new Date(now); // also in the kept row: written once per 5 minutes, not on every request
    await db.session.update({ where: { id }, data: { lastSeenAt: row.lastSeenAt } });
  }
  return {
    id: row.id,
    sessionId: id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    homeBoardId: row.homeBoardId,
    role: row.role,
    status: row.status,
  };
});

/** The session row and its user together: one round trip. */
async function readSessionRow(id: string): Promise<SessionRow | null> {
  const [row] = await db.$queryRaw<SessionRow[]>`
    SELECT s.expires_at AS "expiresAt", s.last_seen_at AS "lastSeenAt", u.id, u.first_name AS "firstName", u.last_name AS "lastName",
           u.email, u.phone_number AS "phoneNumber", u.home_board_id AS "homeBoardId", u.role::text AS role, u.status::text AS status
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${id}`;
  return row ?? null;
}

/** Deletes this request's session row and clears the cookie. */
export async function endSession(jar: CookieJar): Promise<void> {
  const session = await cookieSession(jar);
  if (session.sid) await db.session.deleteMany({ where: { id: hashId(session.sid) } });
  session.destroy();
}

export const isStaff = (role: Role) => role === 'admin' || role === 'power_user';

import { beforeAll, describe, expect, it } from 'vitest';
import * as admin from '../../lib/admin/types.ts';
import { answerOf, type ContractCall } from '../../testing/api.ts';
import { listApiRoutes } from '../../testing/api-routes.ts';
import { newUser, signedIn, withTestDatabase, type TestClient, type TestUser } from '../../testing/harness.ts';

// The contract of what staff read on /admin (lib/admin/types.ts), as app/api/contract.db.test.ts holds the
// reports': each route is called as an admin and its answer parsed strictly with the schema its type is derived
// from, so the server and the admin screen cannot drift apart unnoticed. A route added under these folders must be
// added here (the first test finds them by walking app/api). POST /api/admin/stores needs a board's run to have
// listed a new location: its answer is checked in app/api/admin/stores/route.db.test.ts.

withTestDatabase('reference', 'contract_admin');

const FOLDERS = ['/api/admin/users', '/api/alerts/stats'];
const routes = listApiRoutes().filter((r) => FOLDERS.some((f) => r.pattern.startsWith(f)));

let browser: TestClient;
const covered = new Set<string>();

/** Calls the route as the admin and parses its answer with the schema (testing/api.ts); always a 200. */
const answer = <T>(call: Omit<ContractCall<T>, 'status'>) => answerOf(browser, call, covered);

let target: TestUser;

beforeAll(async () => {
  ({ browser } = await signedIn(await newUser({ role: 'admin' })));
  target = await newUser();
});

describe('admin answers match lib/admin/types.ts', () => {
  it('the users, a role and a status changed, a password reset sent', async () => {
    const users = await answer({ route: '/api/admin/users', method: 'GET', schema: admin.adminUsersSchema });
    expect(users.find((u) => u.user_id === target.id)).toMatchObject({ email: target.email, role: 'user', status: 'active', email_verified: true });

    const params = { id: String(target.id) };
    const promoted = await answer({ route: '/api/admin/users/[id]/role', method: 'PATCH', options: { params, body: { role: 'power_user' } }, schema: admin.userChangedSchema });
    expect(promoted.user.role).toBe('power_user');
    const disabled = await answer({ route: '/api/admin/users/[id]/status', method: 'PATCH', options: { params, body: { isActive: false } }, schema: admin.userChangedSchema });
    expect(disabled.user.status).toBe('disabled');
    const active = await answer({ route: '/api/admin/users/[id]/status', method: 'PATCH', options: { params, body: { status: 'active' } }, schema: admin.userChangedSchema });
    expect(active.user.status).toBe('active');
    const sent = await answer({ route: '/api/admin/users/[id]/reset-password', method: 'POST', options: { params }, schema: admin.resetSentSchema });
    expect(sent.message).toContain(target.email);
  });

  it('the alert volume, of the default week and of a shorter period', async () => {
    const week = await answer({ route: '/api/alerts/stats', method: 'GET', schema: admin.alertStatsSchema });
    expect(week.days).toHaveLength(7);
    const three = await answer({ route: '/api/alerts/stats', method: 'GET', options: { query: { days: '3' } }, schema: admin.alertStatsSchema });
    expect(three.days.map((d) => d.date)).toEqual(week.days.slice(0, 3).map((d) => d.date));
  });
});

describe('the contract itself', () => {
  it('covers every route of these folders (found by walking app/api)', () => {
    const all = routes.flatMap((r) => r.methods.map((m) => `${r.pattern} ${m}`));
    expect(all.length).toBe(5);
    expect(all.filter((k) => !covered.has(k))).toEqual([]);
  });

  it('refuses answers that drifted: a field renamed, added or retyped', () => {
    const user = {
      user_id: 7, first_name: 'Casey', last_name: 'Tester', email: 'casey@example.test', status: 'pending', role: 'user',
      email_verified: false, created_at: '2026-03-10T14:15:00.000Z',
    };
    expect(admin.adminUserSchema.safeParse(user).success).toBe(true);
    expect(admin.adminUserSchema.safeParse({ ...user, status: 'banned' }).success).toBe(false);
    expect(admin.adminUserSchema.safeParse({ ...user, password_hash: 'x' }).success).toBe(false);
    expect(admin.adminUserSchema.safeParse({ ...user, created_at: '03/10/2026' }).success).toBe(false);
    const day = { date: '2026-03-10', sent: 3, failed: 1, suppressed: 0 };
    expect(admin.alertDaySchema.safeParse(day).success).toBe(true);
    expect(admin.alertDaySchema.safeParse({ ...day, sent: -1 }).success).toBe(false);
    expect(admin.alertDaySchema.safeParse({ ...day, date: '03/10/2026' }).success).toBe(false);
  });
});

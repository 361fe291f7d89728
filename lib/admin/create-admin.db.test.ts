import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../auth/rules.ts';
import { createAdmin, CreateAdminError, createAdminInputError, type CreateAdminInput } from './create-admin.ts';
import { sql } from '@/testing/sql';
import { newUser } from '@/testing/harness';

// lib/admin/create-admin.ts (the logic of `npm run create-admin`) and the thin CLI around it.

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
  email_verified_at: Date | null;
  password_hash: string;
}

const uniqueEmail = () => `admin-${randomBytes(5).toString('hex')}@example.test`;
const STRONG = 'Master-Distiller1!';

function input(overrides: Partial<CreateAdminInput> = {}): CreateAdminInput {
  return { email: uniqueEmail(), firstName: 'Pat', lastName: 'Keeper', password: STRONG, ...overrides };
}

const userByEmail = async (email: string) => (await sql<UserRow>('SELECT * FROM users WHERE email = $1', [email]))[0];
const auditOf = (id: number) =>
  sql<{ actor_id: number | null; action: string; details: Record<string, unknown> }>(
    'SELECT actor_id, action, details FROM audit_log WHERE target_user_id = $1 ORDER BY id',
    [id],
  );

describe('createAdmin', () => {
  it('creates an active, verified admin with a bcrypt password and records admin_created with no actor', async () => {
    const email = uniqueEmail();
    const result = await createAdmin(input({ email: `  ${email.toUpperCase()} `, firstName: ' Pat ', lastName: ' Keeper ' }));
    expect(result).toMatchObject({ action: 'created', email, sessionsEnded: 0 });

    const user = await userByEmail(email);
    expect(user).toMatchObject({ id: result.userId, first_name: 'Pat', last_name: 'Keeper', role: 'admin', status: 'active' });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(user.password_hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await bcrypt.compare(STRONG, user.password_hash)).toBe(true);
    expect(await auditOf(user.id)).toEqual([{ actor_id: null, action: 'admin_created', details: expect.objectContaining({ email }) }]);
  });

  it('promotes an existing pending, unverified account: admin, active, verified, new password, old sessions ended', async () => {
    const existing = await newUser({ status: 'pending', verified: false, role: 'user' });
    await sql(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
      createHash('sha256').update(randomBytes(8)).digest('hex'),
      existing.id,
    ]);
    await sql(
      `INSERT INTO email_verifications (user_id, code_hash, expires_at, attempts_left, sent_at, password_hash, first_name, last_name)
       VALUES ($1, 'x', now() + interval '30 minutes', 3, now(), 'x', 'Pending', 'User')`,
      [existing.id],
    );

    const result = await createAdmin(input({ email: existing.email.toUpperCase(), firstName: 'Robin', lastName: 'Cask' }));
    expect(result).toEqual({ action: 'promoted', userId: existing.id, email: existing.email, sessionsEnded: 1 });

    const user = await userByEmail(existing.email);
    expect(user).toMatchObject({ role: 'admin', status: 'active', first_name: 'Robin', last_name: 'Cask' });
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(await bcrypt.compare(STRONG, user.password_hash)).toBe(true);
    expect(await bcrypt.compare(existing.password, user.password_hash)).toBe(false);
    expect(await sql('SELECT 1 FROM sessions WHERE user_id = $1', [existing.id])).toHaveLength(0);
    expect(await sql('SELECT 1 FROM email_verifications WHERE user_id = $1', [existing.id])).toHaveLength(0);
    expect((await sql('SELECT id FROM users WHERE email = $1', [existing.email])).length).toBe(1);
    expect(await auditOf(existing.id)).toEqual([
      {
        actor_id: null,
        action: 'admin_promoted',
        details: expect.objectContaining({ from: { role: 'user', status: 'pending', emailVerified: false } }),
      },
    ]);
  });

  it('keeps the original verification time when promoting a verified account', async () => {
    const existing = await newUser({ status: 'disabled', role: 'power_user' });
    const before = (await userByEmail(existing.email)).email_verified_at!;
    await createAdmin(input({ email: existing.email }));
    const user = await userByEmail(existing.email);
    expect(user).toMatchObject({ role: 'admin', status: 'active' });
    expect(user.email_verified_at!.getTime()).toBe(before.getTime());
  });

  it.each([
    ['a weak password', { password: 'password' }, RULE_MESSAGES.weakPassword],
    ['a password without a symbol', { password: 'Password123' }, RULE_MESSAGES.weakPassword],
    ['a 129-character password', { password: `Aa1!${'x'.repeat(125)}` }, RULE_MESSAGES.resetTooLong],
    ['an invalid e-mail', { email: 'admin@localhost' }, RULE_MESSAGES.invalidEmail],
    ['an empty e-mail', { email: '  ' }, 'required'],
    ['a blank first name', { firstName: ' ' }, 'First name is required.'],
    ['a blank last name', { lastName: '' }, 'Last name is required.'],
    ['a 101-character name', { lastName: 'K'.repeat(101) }, 'at most 100 characters'],
    ['a first name carrying a link', { firstName: 'Go to https://evil.example/unlock now' }, RULE_MESSAGES.nameCharacters],
    ['a last name carrying an address', { lastName: 'evil.example' }, RULE_MESSAGES.nameCharacters],
  ])('refuses %s clearly and writes nothing', async (_label, overrides, message) => {
    const attempt = input(overrides);
    expect(createAdminInputError(attempt)).toContain(message);
    const error = await createAdmin(attempt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CreateAdminError);
    expect((error as Error).message).toContain(message);
    if (attempt.email.includes('@example.test')) expect(await userByEmail(attempt.email)).toBeUndefined();
  });

  it('does not touch an existing account when the password is refused', async () => {
    const existing = await newUser();
    await expect(createAdmin(input({ email: existing.email, password: 'weak' }))).rejects.toBeInstanceOf(CreateAdminError);
    const user = await userByEmail(existing.email);
    expect(user.role).toBe('user');
    expect(await bcrypt.compare(existing.password, user.password_hash)).toBe(true);
    expect(await auditOf(existing.id)).toHaveLength(0);
  });

  it('lets the new admin log in and reach the admin API', async () => {
    const { routeHandler, TestClient } = await import('../../testing/api.ts');
    const login = await routeHandler('/api/auth/login', 'POST');
    const listUsers = await routeHandler('/api/admin/users', 'GET');
    const { email } = await createAdmin(input());
    const browser = new TestClient();
    expect((await browser.call(login, '/api/auth/login', { method: 'POST', body: { email, password: STRONG } })).status).toBe(200);
    expect((await browser.call(listUsers, '/api/admin/users')).status).toBe(200);
  });
});

describe('npm run create-admin (scripts/create-admin.ts)', () => {
  const run = async (env: Record<string, string | undefined>) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['ADMIN_EMAIL', 'ADMIN_FIRST_NAME', 'ADMIN_LAST_NAME', 'ADMIN_PASSWORD']) delete childEnv[name];
    Object.assign(childEnv, env);
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts'], {
        env: childEnv,
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  };
  const adminEnv = (email: string, password = STRONG) => ({
    ADMIN_EMAIL: email,
    ADMIN_FIRST_NAME: 'Cli',
    ADMIN_LAST_NAME: 'Admin',
    ADMIN_PASSWORD: password,
  });

  it('creates the admin from the ADMIN_* variables, printing which database it used', async () => {
    const email = uniqueEmail();
    const res = await run(adminEnv(email));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const { hostname, port } = new URL(process.env.DATABASE_URL!);
    expect(res.stdout).toContain(`Database: Postgres at ${hostname}:${port}`);
    expect(res.stdout).toContain(`Created admin ${email}`);
    expect(await userByEmail(email)).toMatchObject({ role: 'admin', status: 'active' });

    const again = await run(adminEnv(email, 'Another-Strong1!'));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Promoted ${email}`);
    expect(await bcrypt.compare('Another-Strong1!', (await userByEmail(email)).password_hash)).toBe(true);
  });

  it('refuses a weak ADMIN_PASSWORD with a clear message and exit code 1', async () => {
    const email = uniqueEmail();
    const res = await run(adminEnv(email, 'password'));
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('ADMIN_PASSWORD');
    expect(res.stderr).toContain(RULE_MESSAGES.weakPassword);
    expect(res.stderr).not.toMatch(/\n\s+at /); // no stack trace for an expected refusal
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('without a terminal, names the missing variables instead of waiting for input', async () => {
    const res = await run({ ADMIN_EMAIL: uniqueEmail() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('ADMIN_FIRST_NAME, ADMIN_LAST_NAME, ADMIN_PASSWORD are not set');
  });
});

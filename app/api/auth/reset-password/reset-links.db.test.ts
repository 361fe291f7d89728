import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as changePassword } from '@/app/api/auth/change-password/route';
import { POST as resetPassword } from '@/app/api/auth/reset-password/route';
import { GET as verifyResetToken } from '@/app/api/auth/verify-reset-token/[token]/route';
import { PATCH as setStatus } from '@/app/api/admin/users/[id]/status/route';
import { createAdmin } from '@/lib/admin/create-admin';
import { TestClient } from '@/testing/api';
import { newUser, signedIn } from '@/testing/harness';
import { sql } from '@/testing/sql';

// A reset link is a key to the account. Once the password changes — on the profile, through a reset link,
// by create-admin — or an admin disables the user, every link still waiting in a mailbox stops working:
// whoever got hold of one (a shared mailbox, a forwarded mail) must not set the password afterwards.

async function outstandingLink(userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
    userId,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return token;
}

const works = async (token: string) => (await new TestClient().call(verifyResetToken, '/x', { params: { token } })).status === 200;
const useLink = (token: string, newPassword: string) =>
  new TestClient().call(resetPassword, '/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });

describe('outstanding reset links', () => {
  it('stop working when the user changes the password on the profile', async () => {
    const user = await newUser();
    const link = await outstandingLink(user.id);
    expect(await works(link)).toBe(true);
    const { browser } = await signedIn(user);
    const res = await browser.call(changePassword, '/api/auth/change-password', {
      method: 'POST',
      body: { old_password: user.password, new_password: 'Changed-On-Profile-1' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await works(link)).toBe(false);
    expect((await useLink(link, 'Thief-Chosen-Pass-1')).status).toBe(400);
  });

  it('stop working when another link sets the password', async () => {
    const user = await newUser();
    const first = await outstandingLink(user.id);
    const second = await outstandingLink(user.id);
    expect((await useLink(second, 'Set-By-Second-Link-1')).status).toBe(200);
    expect(await works(first)).toBe(false);
    expect((await useLink(first, 'Thief-Chosen-Pass-1')).status).toBe(400);
  });

  it('stop working when an admin disables the user, and stay dead after re-activation', async () => {
    const user = await newUser();
    const link = await outstandingLink(user.id);
    const { browser } = await signedIn(await newUser({ role: 'admin' }));
    const patch = (isActive: boolean) =>
      browser.call(setStatus, `/api/admin/users/${user.id}/status`, { method: 'PATCH', params: { id: String(user.id) }, body: { isActive } });
    expect((await patch(false)).status).toBe(200);
    expect((await patch(true)).status).toBe(200);
    expect(await works(link)).toBe(false);
    expect((await useLink(link, 'Thief-Chosen-Pass-1')).status).toBe(400);
  });

  it('stop working when create-admin sets a new password for the account', async () => {
    const user = await newUser();
    const link = await outstandingLink(user.id);
    await createAdmin({ email: user.email, firstName: 'Olive', lastName: 'Owner', password: 'Create-Admin-Pass-1!' });
    expect(await works(link)).toBe(false);
  });
});

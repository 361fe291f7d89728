import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '@/lib/alerts/rules';
import { expectClientError, newUser, query, withTestDatabase } from '@/testing/harness';
import { setAlertSettings } from '@/testing/alerts';
import { unsubscribeToken } from '@/lib/alerts/channels/email/token';
import { TestClient } from '@/testing/api';
import { GET, POST } from './route';

// GET and POST /api/alerts/unsubscribe: the link in every alert e-mail, without signing in.

withTestDatabase('reference', 'alerts_api');

const check = (token: string) => new TestClient().call(GET, '/api/alerts/unsubscribe', { query: { token } });
const confirm = (token: string, options: { noXhr?: boolean } = {}) =>
  new TestClient().call(POST, '/api/alerts/unsubscribe', { method: 'POST', body: { token }, ...options });
const enabledOf = async (userId: number) =>
  (await query<{ enabled: boolean }>(`SELECT enabled FROM alert_channels WHERE user_id = $1 AND channel = 'email'`, [userId]))[0]?.enabled;

describe('/api/alerts/unsubscribe', () => {
  it('checks the link without changing anything (mail scanners open links)', async () => {
    const user = await newUser();
    await setAlertSettings(process.env.DATABASE_URL!, user.id);
    const res = await check(unsubscribeToken(user.id));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, valid: true, email: `${user.email[0]}•••@example.test`, enabled: true });
    expect(await enabledOf(user.id)).toBe(true);
  });

  it('turns alerts off for the token’s user, without a session, keeping the other settings; again is fine', async () => {
    const user = await newUser();
    await setAlertSettings(process.env.DATABASE_URL!, user.id, { min_quantity: 3, mode: 'digest' });
    const res = await confirm(unsubscribeToken(user.id));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: ALERT_MESSAGES.unsubscribed });
    const [row] = await query<{ enabled: boolean; min_quantity: number; mode: string }>(
      `SELECT c.enabled, s.min_quantity, c.mode::text FROM alert_settings s JOIN alert_channels c ON c.user_id = s.user_id AND c.channel = 'email' WHERE s.user_id = $1`,
      [user.id],
    );
    expect(row).toEqual({ enabled: false, min_quantity: 3, mode: 'digest' });
    expect((await confirm(unsubscribeToken(user.id))).status).toBe(200);
    expect((await check(unsubscribeToken(user.id))).json.enabled).toBe(false);
  });

  it('records "off" for a user who never saved settings', async () => {
    const user = await newUser();
    expect((await confirm(unsubscribeToken(user.id))).status).toBe(200);
    expect(await enabledOf(user.id)).toBe(false);
  });

  it('refuses a forged, altered or missing token with 400 and changes nothing', async () => {
    const user = await newUser();
    const other = await newUser();
    await setAlertSettings(process.env.DATABASE_URL!, other.id);
    const forged = `${other.id}.${unsubscribeToken(user.id).split('.')[1]}`;
    for (const token of [forged, unsubscribeToken(other.id, 'another-secret-0123456789-0123456789'), 'abc', '']) {
      const res = await confirm(token);
      expectClientError(res, 400);
      expect(res.json.error).toBe(ALERT_MESSAGES.invalidToken);
      expectClientError(await check(token), 400);
    }
    expectClientError(await new TestClient().call(GET, '/api/alerts/unsubscribe'), 400);
    expectClientError(await new TestClient().call(POST, '/api/alerts/unsubscribe', { method: 'POST', body: {} }), 400);
    expect(await enabledOf(other.id)).toBe(true);
  });

  it('requires X-Requested-With on POST, like every state-changing call', async () => {
    const user = await newUser();
    expectClientError(await confirm(unsubscribeToken(user.id), { noXhr: true }), 403);
  });
});

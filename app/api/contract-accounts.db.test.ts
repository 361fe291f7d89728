import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { answerOf, routeHandler, TestClient, type CallOptions, type Method } from '../../testing/api.ts';
import { listApiRoutes } from '../../testing/api-routes.ts';
import { setAlertSettings } from '../../testing/alerts.ts';
import { startTestChannels } from '../../testing/channels.ts';
import { expectClientError, newUser, query, signedIn, withTestDatabase } from '../../testing/harness.ts';
import { startMailServer, waitForMail } from '../../testing/mail-server.ts';
import { ErrorCode, SuccessCode } from '../../lib/api/error-codes.ts';
import { unsubscribeToken } from '../../lib/alerts/channels/email/token.ts';
import { VERIFICATION_ATTEMPTS } from '../../lib/auth/rules.ts';
import { env } from '../../lib/env.ts';
import { WAKE_BOARD_ID } from '../../lib/reference/boards.ts';
import * as alerts from '../../lib/alerts/types.ts';
import * as discord from '../../lib/alerts/channels/discord/types.ts';
import * as email from '../../lib/alerts/channels/email/types.ts';
import * as push from '../../lib/alerts/channels/push/types.ts';
import * as auth from '../../lib/auth/types.ts';
import * as users from '../../lib/users/types.ts';
import * as places from '../../lib/places/types.ts';

// The contract of the account, profile and notification answers, like app/api/contract.db.test.ts for the
// reports: every route the sign-in, registration, password and unsubscribe pages and the profile's cards call
// is called for real and its answer parsed strictly with the schema its type is derived from (lib/auth/types.ts,
// lib/users/types.ts, lib/alerts/types.ts, lib/alerts/channels/*/types.ts), the refusals too whose fields a
// screen reads beyond `error`. A route added under these folders must be added here (the last test walks app/api).

// The far ends (a push service, a Discord receiver, a mail server) before anything reads the configuration.
const channels = await startTestChannels();
const mailDir = mkdtempSync(path.join(tmpdir(), 'nbt-contract-mail-'));
const mailServer = await startMailServer(mailDir);
process.env.SMTP_URL = `smtp://127.0.0.1:${mailServer.port}`;
afterAll(async () => {
  await mailServer.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

withTestDatabase('reference', 'contract_accounts');

const FOLDERS = ['/api/auth/', '/api/user/', '/api/alerts/settings', '/api/alerts/unsubscribe', '/api/push/', '/api/discord/'];
// The shell's, not a screen's: app/_components/auth-context.tsx reads who is signed in (lib/auth/user-dto.ts).
const NOT_HERE = new Set(['/api/auth/whoami GET', '/api/auth/logout POST']);

const covered = new Set<string>();

/** Calls the route as `browser` and parses its answer with the schema (testing/api.ts); 200 unless `status` says. */
const answer = <T>(browser: TestClient, route: string, method: Method, schema: z.ZodType<T>, { status, ...options }: CallOptions & { status?: number } = {}) =>
  answerOf(browser, { route, method, schema, options, status }, covered);

const STRONG = 'Single-Barrel9!';
const uniqueEmail = () => `contract-${randomBytes(5).toString('hex')}@example.test`;
const codeOf = async (address: string, after?: Date) => /(\d{6})/.exec((await waitForMail(mailDir, address, { subject: /verification code/, after })).subject)![1];
/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** The resend cooldown is over, as if a minute had passed. */
const pastCooldown = (address: string) =>
  query(`UPDATE email_verifications SET sent_at = now() - interval '61 seconds' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [address]);

async function resetToken(userId: number) {
  const token = randomBytes(32).toString('base64url');
  await query(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
    userId,
    createHash('sha256').update(token).digest('hex'),
  ]);
  return token;
}

/** Waits out the end of the current rate-limit window when it is close, so a series of attempts falls in one. */
async function awayFromWindowEdge(windowSeconds: number, marginMs = 10_000) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('account answers match lib/auth/types.ts', () => {
  it('logging in, and every refusal the login screen tells apart', async () => {
    const user = await newUser();
    const browser = new TestClient();
    const login = <T>(who: { email: string; password: string }, schema: z.ZodType<T>, status?: number) =>
      answer(browser, '/api/auth/login', 'POST', schema, { body: { email: who.email, password: who.password }, status });

    await login(user, auth.loginAnswerSchema);
    expect((await login({ ...user, password: 'Wrong-Password1!' }, auth.loginRefusalSchema, 401)).code).toBe(ErrorCode.NOT_AUTHENTICATED);
    const unverified = await newUser({ verified: false });
    expect(await login(unverified, auth.loginRefusalSchema, 403)).toMatchObject({ code: ErrorCode.EMAIL_NOT_VERIFIED, email: unverified.email });
    expect((await login(await newUser({ status: 'pending' }), auth.loginRefusalSchema, 403)).code).toBe(ErrorCode.PENDING_APPROVAL);
    expect((await login(await newUser({ status: 'disabled' }), auth.loginRefusalSchema, 403)).code).toBe(ErrorCode.ACCOUNT_DISABLED);

    // Too many wrong passwords from one address: refused with when to try again.
    const [limit, windowSeconds] = env().RATE_LIMIT_LOGIN_EMAIL.split('/').map(Number);
    await awayFromWindowEdge(windowSeconds);
    const guesser = new TestClient();
    const guess = <T>(password: string, schema: z.ZodType<T>, status: number) =>
      answer(guesser, '/api/auth/login', 'POST', schema, { body: { email: user.email, password }, status });
    for (let i = 0; i < limit; i++) await guess(`Guess-${i}-Password!`, auth.loginRefusalSchema, 401);
    const limited = await guess(user.password, auth.loginRefusalSchema, 429);
    expect(limited.code).toBe(ErrorCode.RATE_LIMITED);
    expect(limited.retryAfter).toBeGreaterThan(0);
  });

  it('registering, verifying and resending the code, with the refusals the screens read', async () => {
    const visitor = new TestClient();
    const address = uniqueEmail();
    const form = { first_name: 'Morgan', last_name: 'Reed', email: address, password: STRONG };
    const registered = await answer(visitor, '/api/auth/register', 'POST', auth.registerAnswerSchema, { body: form, status: 201 });
    expect(registered.email).toBe(address);
    const code = await codeOf(address);

    const verify = <T>(body: { email: string; code: string }, schema: z.ZodType<T>, status?: number) =>
      answer(visitor, '/api/auth/verify-email', 'POST', schema, { body, status });
    const wrong = await verify({ email: address, code: otherThan(code) }, auth.verifyRefusalSchema, 400);
    expect(wrong.remainingAttempts).toBe(VERIFICATION_ATTEMPTS - 1);
    // Too soon for another code: how long to wait.
    const early = await answer(visitor, '/api/auth/resend-verification', 'POST', auth.resendRefusalSchema, { body: { email: address }, status: 429 });
    expect(early.waitTime).toBeGreaterThan(0);
    const verified = await verify({ email: address, code }, auth.verifyAnswerSchema);
    expect(verified.code).toBeUndefined();
    expect((await answer(visitor, '/api/auth/register', 'POST', auth.registerRefusalSchema, { body: form, status: 409 })).code).toBe(ErrorCode.EMAIL_EXISTS);

    // A code resent; every attempt spent.
    const other = await newUser({ verified: false });
    await answer(visitor, '/api/auth/resend-verification', 'POST', auth.resendAnswerSchema, { body: { email: other.email } });
    const resent = await codeOf(other.email);
    for (let left = VERIFICATION_ATTEMPTS - 1; left > 0; left--) {
      expect((await verify({ email: other.email, code: otherThan(resent) }, auth.verifyRefusalSchema, 400)).remainingAttempts).toBe(left);
    }
    const spent = await verify({ email: other.email, code: otherThan(resent) }, auth.verifyRefusalSchema, 429);
    expect(spent).toMatchObject({ code: ErrorCode.TOO_MANY_ATTEMPTS, remainingAttempts: 0 });
  });

  it('an address registered twice: the second is told so with the address, and verifying it asks for a password', async () => {
    const address = uniqueEmail();
    const form = { first_name: 'Morgan', last_name: 'Reed', email: address, password: STRONG };
    await answer(new TestClient(), '/api/auth/register', 'POST', auth.registerAnswerSchema, { body: form, status: 201 });
    await codeOf(address);
    await pastCooldown(address);
    const since = new Date();
    const owner = new TestClient();
    const again = await answer(owner, '/api/auth/register', 'POST', auth.registerRefusalSchema, { body: { ...form, first_name: 'Owner' }, status: 409 });
    expect(again).toMatchObject({ code: ErrorCode.UNVERIFIED_EXISTS, email: address });
    const verified = await answer(owner, '/api/auth/verify-email', 'POST', auth.verifyAnswerSchema, { body: { email: address, code: await codeOf(address, since) } });
    expect(verified.code).toBe(SuccessCode.CHOOSE_PASSWORD);
  });

  it('a password reset: the request, the link checked (good and bad), the new password; and a password changed', async () => {
    const user = await newUser();
    const visitor = new TestClient();
    await answer(visitor, '/api/auth/request-password-reset', 'POST', auth.resetRequestedAnswerSchema, { body: { email: user.email } });
    const token = await resetToken(user.id);
    const checked = await answer(visitor, '/api/auth/verify-reset-token/[token]', 'GET', auth.resetTokenAnswerSchema, { params: { token } });
    expect(checked.user).toEqual({ first_name: user.firstName, email: user.email });
    await answer(visitor, '/api/auth/verify-reset-token/[token]', 'GET', auth.resetTokenRefusalSchema, { params: { token: 'not-a-real-token' }, status: 400 });
    await answer(visitor, '/api/auth/reset-password', 'POST', auth.passwordResetAnswerSchema, { body: { token, newPassword: 'Bottled-In-Bond100' } });

    const { browser, user: other } = await signedIn();
    await answer(browser, '/api/auth/change-password', 'POST', auth.passwordChangedAnswerSchema, {
      body: { old_password: other.password, new_password: 'Another-Barrel-Proof7!' },
    });
  });
});

describe('profile answers match lib/users/types.ts', () => {
  it('reading and saving the profile', async () => {
    const { browser, user } = await signedIn();
    const profile = await answer(browser, '/api/user/me', 'GET', users.profileAnswerSchema);
    expect(profile).toMatchObject({ email: user.email, phone_number: null, home_board_id: null });
    const body = { first_name: 'Jordan', last_name: user.lastName, phone_number: '9195550123', home_board_id: WAKE_BOARD_ID };
    const saved = await answer(browser, '/api/user/me', 'PUT', users.profileSavedAnswerSchema, { body });
    expect(saved.user).toMatchObject({ first_name: 'Jordan', home_board_id: WAKE_BOARD_ID });
  });
});

describe("the hunter's place matches lib/places/types.ts", () => {
  it('none, set by ZIP code, by the browser’s point (kept to two decimals), refused, removed', async () => {
    const { browser } = await signedIn();
    expect((await answer(browser, '/api/user/place', 'GET', places.hunterPlaceAnswerSchema)).place).toBeNull();
    const byZip = await answer(browser, '/api/user/place', 'PUT', places.hunterPlaceAnswerSchema, { body: { zip: '27513-1234' } });
    expect(byZip.place).toMatchObject({ source: 'zip', zip: '27513' });
    const byDevice = await answer(browser, '/api/user/place', 'PUT', places.hunterPlaceAnswerSchema, { body: { latitude: 35.99612, longitude: -78.90187 } });
    expect(byDevice.place).toMatchObject({ source: 'device', zip: null, latitude: 36, longitude: -78.9 });
    for (const body of [{ zip: '99999' }, { zip: 'Cary' }, { latitude: 47.6, longitude: -122.3 }, {}]) {
      const refused = await browser.call(await routeHandler('/api/user/place', 'PUT'), '/api/user/place', { method: 'PUT', body });
      expectClientError(refused, 400);
    }
    const noXhr = await browser.call(await routeHandler('/api/user/place', 'PUT'), '/api/user/place', { method: 'PUT', body: { zip: '27513' }, noXhr: true });
    expectClientError(noXhr, 403);
    expect((await answer(browser, '/api/user/place', 'DELETE', places.hunterPlaceAnswerSchema)).place).toBeNull();
    expect((await answer(browser, '/api/user/place', 'GET', places.hunterPlaceAnswerSchema)).place).toBeNull();
    const visitor = new TestClient();
    expectClientError(await visitor.call(await routeHandler('/api/user/place', 'GET'), '/api/user/place'), 401);
  });
});

describe('alert answers match lib/alerts/types.ts and lib/alerts/channels/*/types.ts', () => {
  it('the arrival alert settings: read, saved with every channel and quiet hours, and saved as an older client does', async () => {
    const { browser } = await signedIn();
    const loaded = await answer(browser, '/api/alerts/settings', 'GET', alerts.alertSettingsAnswerSchema);
    expect(loaded.boards.length).toBeGreaterThan(0);
    expect(loaded.channels.map((c) => c.channel)).toContain('email');
    const settings = { ...loaded.settings, enabled: true };
    const body = {
      ...settings,
      channels: loaded.channels.map((c) => (c.channel === 'email' ? { ...c, enabled: true, mode: settings.mode } : c)),
      quiet_hours: { start_hour: 22, end_hour: 7, hold_email: false },
    };
    const saved = await answer(browser, '/api/alerts/settings', 'PUT', alerts.alertSettingsSavedAnswerSchema, { body });
    expect(saved.quiet_hours).toEqual(body.quiet_hours);
    const original = await answer(browser, '/api/alerts/settings', 'PUT', alerts.alertSettingsSavedAnswerSchema, { body: settings });
    expect(original).not.toHaveProperty('channels');
    expect((await answer(browser, '/api/alerts/settings', 'GET', alerts.alertSettingsAnswerSchema)).quiet_hours).toEqual(body.quiet_hours);
  });

  it('the unsubscribe link: checked, then used', async () => {
    const user = await newUser();
    await setAlertSettings(process.env.DATABASE_URL!, user.id);
    const token = unsubscribeToken(user.id);
    const visitor = new TestClient();
    const checked = await answer(visitor, '/api/alerts/unsubscribe', 'GET', email.unsubscribeCheckAnswerSchema, { query: { token } });
    expect(checked).toMatchObject({ email: `${user.email[0]}•••@example.test`, enabled: true });
    await answer(visitor, '/api/alerts/unsubscribe', 'POST', email.unsubscribedAnswerSchema, { body: { token } });
  });

  it('notifications on a device: the key, the device turned on and listed, a test, and the device removed', async () => {
    const { browser } = await signedIn();
    const { public_key } = await answer(browser, '/api/push/public-key', 'GET', push.publicKeyAnswerSchema);
    const sub = await channels.push.subscribe(public_key);
    const added = await answer(browser, '/api/push/devices', 'POST', push.deviceAddedAnswerSchema, {
      body: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
      headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36' },
    });
    const { devices } = await answer(browser, '/api/push/devices', 'GET', push.devicesAnswerSchema);
    expect(devices).toEqual([added.device]);
    expect((await answer(browser, '/api/push/test', 'POST', push.pushTestAnswerSchema, { body: {} })).sent).toBe(1);
    const params = { deviceId: String(added.device.device_id) };
    await answer(browser, '/api/push/devices/[deviceId]', 'DELETE', push.deviceRemovedAnswerSchema, { params });
  });

  it('Discord: the webhook read, saved, tested and removed', async () => {
    const { browser } = await signedIn();
    expect(await answer(browser, '/api/discord/webhook', 'GET', discord.discordWebhookAnswerSchema)).toMatchObject({ webhook: null, removed_at: null });
    const url = channels.discord.webhookUrl('1234567890123456789', `secret_${'t'.repeat(60)}`);
    const saved = await answer(browser, '/api/discord/webhook', 'PUT', discord.discordSavedAnswerSchema, { body: { url } });
    expect(saved.webhook?.webhook_id).toBe('1234567890123456789');
    const tested = await answer(browser, '/api/discord/test', 'POST', discord.discordTestAnswerSchema);
    expect(tested.channel_id).not.toBeNull();
    expect((await answer(browser, '/api/discord/webhook', 'GET', discord.discordWebhookAnswerSchema)).webhook?.channel_id).toBe(tested.channel_id);
    await answer(browser, '/api/discord/webhook', 'DELETE', discord.discordSavedAnswerSchema);
  });
});

describe('the contract itself', () => {
  it('covers every account, profile and notification route (found by walking app/api)', () => {
    const routes = listApiRoutes().filter((r) => FOLDERS.some((f) => r.pattern.startsWith(f)));
    const all = routes.flatMap((r) => r.methods.map((m) => `${r.pattern} ${m}`)).filter((k) => !NOT_HERE.has(k));
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((k) => !covered.has(k))).toEqual([]);
  });

  it('refuses answers that drifted: a field added, or a refusal taken for an answer', () => {
    expect(auth.loginAnswerSchema.safeParse({ success: true }).success).toBe(true);
    expect(auth.loginAnswerSchema.safeParse({ success: true, user: {} }).success).toBe(false);
    const refusal = { success: false, error: 'Invalid email or password', message: 'Invalid email or password', code: ErrorCode.NOT_AUTHENTICATED };
    expect(auth.loginRefusalSchema.safeParse(refusal).success).toBe(true);
    expect(auth.loginAnswerSchema.safeParse(refusal).success).toBe(false);
    expect(auth.loginRefusalSchema.safeParse({ ...refusal, code: 'SOMETHING_ELSE' }).success).toBe(false);
    expect(push.pushTestAnswerSchema.safeParse({ success: true, sent: 1, removed: 0, failed: 0, message: 'Sent.', extra: 1 }).success).toBe(false);
  });
});

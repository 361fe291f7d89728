import type { Page } from '@playwright/test';
import { E2E_VAPID } from './constants.ts';
import { expect, test } from './fixtures';

// The profile's notification channels on a phone: "Notifications on this device" (Web Push) and "Discord".
// Headless Chromium reaches no real push service, so a device is created through the API with a subscription
// from the run's local push service (web-push-testing, e2e/global-setup.ts), which really receives, checks
// and decrypts the test notification. Discord goes to the run's Discord-shaped receiver.

const pushCard = (page: Page) => page.getByTestId('push-notifications');
const discordCard = (page: Page) => page.getByTestId('discord');
const service = () => process.env.E2E_PUSH_SERVICE!;

async function pushService<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${service()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `${path}: ${res.status}`).toBeTruthy();
  return ((await res.json()) as { data: T }).data;
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('Notifications on this device', () => {
  test('asks for permission only on the click, and tells how to allow notifications once they are blocked @phone', async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser());
    await page.goto('/profile#notifications');
    const card = pushCard(page);
    await expect(card.getByRole('heading', { name: 'Notifications on this device' })).toBeVisible();
    await expect(card.getByTestId('push-status')).toHaveText('Off');
    await expect(card.getByText('No device gets notifications yet.')).toBeVisible();
    // Loading the page asked nothing.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // The browser answers the request with "block" (a headless browser has no one to ask).
    await card.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await expect(card.getByTestId('push-blocked')).toContainText('Notifications are blocked for this site. To allow them, open the site settings');
    await expect(card.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);
    await expect(card.getByTestId('push-status')).toHaveText('Off');
    await noOverflow(page);
  });

  test('lists the user\'s devices, sends a real test notification and removes a device @phone', async ({ page, createUser, signIn }, testInfo) => {
    // Named from this browser's user agent: the phone project is a Pixel 7, the desktop one Chrome on Windows.
    const label = testInfo.project.name === 'phone' ? 'Chrome on Android' : 'Chrome on Windows';
    await signIn(page, await createUser());
    // A subscription as this phone's push service would give it, turned on through the API from this browser.
    const sub = await pushService<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>('/subscribe', {
      applicationServerKey: E2E_VAPID.publicKey,
      userVisibleOnly: 'true',
    });
    const added = await page.request.post('/api/push/devices', { data: { endpoint: sub.endpoint, keys: sub.keys } });
    expect(added.ok(), await added.text()).toBeTruthy();

    await page.goto('/profile#notifications');
    const card = pushCard(page);
    const rows = card.getByTestId('push-device');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(label);
    await expect(rows.first()).toContainText('nothing delivered yet');

    await card.getByRole('button', { name: 'Send a test notification' }).click();
    await expect(card.getByTestId('push-message')).toHaveText('Test notification sent to 1 device.');
    // The push service checked our VAPID signature and decrypted what the phone would show.
    const { messages } = await pushService<{ messages: string[] }>('/get-notifications', { clientHash: sub.clientHash });
    expect(messages.map((m) => JSON.parse(m))).toEqual([expect.objectContaining({ title: 'Test notification', url: '/profile#notifications' })]);
    await page.reload();
    await expect(rows.first()).toContainText('last delivered');
    await noOverflow(page);

    await rows.first().getByRole('button', { name: new RegExp(`^Remove ${label}, added`) }).click();
    await expect(card.getByTestId('push-message')).toHaveText('Device removed. It gets no more notifications.');
    await expect(rows).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Send a test notification' })).toHaveCount(0);
  });

  test('a device whose subscription expired is removed by the test, which says so', async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser());
    const sub = await pushService<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>('/subscribe', { applicationServerKey: E2E_VAPID.publicKey, userVisibleOnly: 'true' });
    expect((await page.request.post('/api/push/devices', { data: { endpoint: sub.endpoint, keys: sub.keys } })).ok()).toBeTruthy();
    const expired = await fetch(`${service()}/expire-subscription/${sub.clientHash}`, { method: 'POST' });
    expect(expired.ok).toBeTruthy();
    await page.goto('/profile#notifications');
    const card = pushCard(page);
    await card.getByRole('button', { name: 'Send a test notification' }).click();
    await expect(card.getByTestId('push-message')).toHaveText('No test notification was delivered. 1 device no longer accepted notifications and was removed.');
    await expect(card.getByTestId('push-device')).toHaveCount(0);
  });
});

test.describe('Discord', () => {
  test('saves a webhook without showing its token, sends a test message and removes it @phone', async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser());
    await page.goto('/profile#discord');
    const card = discordCard(page);
    await expect(card.getByTestId('discord-status')).toHaveText('Off');
    const field = card.getByLabel('Webhook URL');

    await field.fill('https://evil.example/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz');
    await card.getByRole('button', { name: 'Save Webhook' }).click();
    await expect(card.getByTestId('discord-message')).toContainText('The webhook must be an https URL on discord.com');
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const token = `secret_${'t'.repeat(60)}`;
    await field.fill(`${process.env.E2E_DISCORD_RECEIVER}/api/webhooks/1234567890123456789/${token}`);
    await card.getByRole('button', { name: 'Save Webhook' }).click();
    await expect(card.getByTestId('discord-message')).toHaveText('Discord webhook saved. Send a test message to check it.');
    await expect(card.getByTestId('discord-webhook')).toHaveText(`${process.env.E2E_DISCORD_RECEIVER}/api/webhooks/1234567890123456789/…`);
    await expect(card.getByTestId('discord-status')).toHaveText('On');
    expect(await page.content()).not.toContain(token);

    await card.getByRole('button', { name: 'Send a test message' }).click();
    await expect(card.getByTestId('discord-message')).toHaveText('Test message sent to Discord.');
    await expect(card.getByText('112233445566778899')).toBeVisible(); // the channel, from the receiver's answer
    await noOverflow(page);

    await card.getByRole('button', { name: 'Remove Webhook' }).click();
    await expect(card.getByTestId('discord-message')).toHaveText('Discord webhook removed.');
    await expect(card.getByLabel('Webhook URL')).toBeVisible();
  });
});

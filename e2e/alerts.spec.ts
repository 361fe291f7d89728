import type { Page } from '@playwright/test';
import { unsubscribeToken } from '../lib/alerts/channels/email/token.ts';
import { sql } from '../testing/sql.ts';
import { E2E_SESSION_SECRET } from './constants.ts';
import { expect, test } from './fixtures';

// Arrival alerts on screen: the "Arrival alerts" card of /profile (save and restore, validation) and the
// unsubscribe page every alert e-mail links to, which works without signing in. The e-mails themselves
// are tested through the scraper and a real SMTP server in lib/alerts/alerts.db.test.ts.

/** The server's SESSION_SECRET (e2e/global-setup.ts): unsubscribe links are signed with it. */

const inMain = (page: Page) => page.getByRole('main');
const card = (page: Page) => page.getByTestId('arrival-alerts');
/** The e-mail channel's row: each channel has its own "Right away" and "Daily digest". */
const emailRow = (page: Page) => card(page).getByRole('group', { name: 'E-mail', exact: true });
const typeBox = (page: Page, name: string) => card(page).getByRole('checkbox', { name, exact: true });

test.describe('the Arrival alerts card on /profile', () => {
  test('starts off with the defaults, saves every setting and shows them again after a reload', async ({ page, createUser, signIn }) => {
    const user = await createUser();
    await signIn(page, user);
    await page.goto('/profile');
    const alerts = card(page);
    await expect(alerts.getByRole('heading', { name: 'Arrival alerts' })).toBeVisible();
    await expect(page.getByTestId('alerts-status')).toHaveText('Off');
    await expect(alerts.getByRole('switch', { name: /Send me arrival alerts/ })).not.toBeChecked();
    await expect(emailRow(page).getByRole('radio', { name: /Right away/ })).toBeChecked();
    for (const t of ['Allocation', 'Limited', 'Barrel']) await expect(typeBox(page, t)).toBeChecked();
    await expect(typeBox(page, 'Premium')).not.toBeChecked();
    await expect(alerts.getByLabel('Minimum bottles')).toHaveValue('1');
    await expect(alerts.getByRole('radio', { name: 'All stores' })).toBeChecked();

    // Nothing to alert about: refused before anything is sent.
    for (const t of ['Allocation', 'Limited', 'Barrel']) await typeBox(page, t).uncheck();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Choose at least one listing type.');

    await alerts.getByRole('switch', { name: /Send me arrival alerts/ }).check();
    await emailRow(page).getByRole('radio', { name: /Daily digest/ }).check();
    await alerts.getByLabel('Send the digest at').selectOption({ label: '6 PM' });
    await typeBox(page, 'Allocation').check();
    await typeBox(page, 'Premium').check();
    await alerts.getByLabel('Minimum bottles').fill('2');
    await alerts.getByRole('radio', { name: /Only these stores/ }).check();
    const stores = alerts.getByRole('group', { name: 'Stores to alert for' }).getByRole('checkbox');
    await stores.nth(0).check();
    await stores.nth(2).check();
    await expect(alerts.getByText('2 chosen')).toBeVisible();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('Alert settings saved.');
    await expect(page.getByTestId('alerts-status')).toHaveText('On');

    await page.reload();
    await expect(alerts.getByRole('switch', { name: /Send me arrival alerts/ })).toBeChecked();
    await expect(emailRow(page).getByRole('radio', { name: /Daily digest/ })).toBeChecked();
    await expect(alerts.getByLabel('Send the digest at')).toHaveValue('18');
    await expect(typeBox(page, 'Allocation')).toBeChecked();
    await expect(typeBox(page, 'Limited')).not.toBeChecked();
    await expect(typeBox(page, 'Premium')).toBeChecked();
    await expect(alerts.getByLabel('Minimum bottles')).toHaveValue('2');
    await expect(alerts.getByRole('radio', { name: /Only these stores/ })).toBeChecked();
    await expect(stores.nth(0)).toBeChecked();
    await expect(stores.nth(1)).not.toBeChecked();
    await expect(stores.nth(2)).toBeChecked();
    const [row] = await sql<{ enabled: boolean; mode: string; digest_hour: number; store_ids: number[] }>(
      `SELECT c.enabled, c.mode::text, s.digest_hour, s.store_ids FROM alert_settings s JOIN alert_channels c ON c.user_id = s.user_id AND c.channel = 'email' WHERE s.user_id = $1`,
      [user.id],
      process.env.E2E_DATABASE_URL,
    );
    expect(row).toMatchObject({ enabled: true, mode: 'digest', digest_hour: 18 });
    expect(row.store_ids).toHaveLength(2);
  });

  test('is usable on a phone @phone', async ({ page, createUser, signIn }) => {
    await signIn(page, await createUser());
    await page.goto('/profile#arrival-alerts');
    const alerts = card(page);
    await alerts.getByRole('switch', { name: /Send me arrival alerts/ }).check();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('Alert settings saved.');
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('where and when alerts go', () => {
  test('sets each channel, what it alerts about and quiet hours, refuses what would never alert, and shows them after a reload @phone', async ({
    page,
    createUser,
    signIn,
  }) => {
    const user = await createUser();
    await signIn(page, user);
    await page.goto('/profile#arrival-alerts');
    const alerts = card(page);
    const email = emailRow(page);
    await expect(email.getByRole('heading', { name: 'E-mail' })).toBeVisible();
    await expect(email.getByText('Off', { exact: true })).toBeVisible();
    const kinds = email.getByRole('group', { name: 'What E-mail alerts you about' });
    for (const kind of ['Shelf arrivals', 'Shipments']) await expect(kinds.getByRole('checkbox', { name: kind })).toBeChecked();
    // On its way is a third choice, opt-in, said in one line under the channels.
    await expect(kinds.getByRole('checkbox', { name: 'On its way' })).not.toBeChecked();
    await expect(alerts.getByText(/^On its way: when a watched product ships to one of your boards, the stores it will likely reach and when/)).toBeVisible();
    const quiet = alerts.getByRole('group', { name: 'Quiet hours' });
    await expect(quiet.getByRole('switch', { name: /Hold alerts during quiet hours/ })).not.toBeChecked();
    await expect(quiet.getByLabel('From', { exact: true })).toHaveCount(0);

    // On, but about nothing: refused before anything is sent.
    await email.getByRole('switch', { name: /Send me arrival alerts by e-mail/ }).check();
    for (const kind of ['Shelf arrivals', 'Shipments']) await kinds.getByRole('checkbox', { name: kind }).uncheck();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Choose what E-mail alerts you about, or turn it off.');

    await kinds.getByRole('checkbox', { name: 'Shelf arrivals' }).check();
    // Push notifications too, as a daily digest; Discord stays off.
    const push = page.getByTestId('alert-channel-push');
    await expect(push.getByRole('heading', { name: 'Push notifications' })).toBeVisible();
    await expect(page.getByTestId('alert-channel-discord').getByText('Off', { exact: true })).toBeVisible();
    await push.getByRole('switch', { name: /Notify my devices/ }).check();
    await push.getByRole('radiogroup', { name: 'When: Push notifications' }).getByRole('radio', { name: /Daily digest/ }).check();
    await push.getByRole('group', { name: 'What Push notifications alerts you about' }).getByRole('checkbox', { name: 'On its way' }).check();
    await quiet.getByRole('switch', { name: /Hold alerts during quiet hours/ }).check();
    await quiet.getByLabel('From', { exact: true }).selectOption({ label: '11 PM' });
    await quiet.getByLabel('Until', { exact: true }).selectOption({ label: '11 PM' });
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Quiet hours must start and end at different hours (0-23).');
    await quiet.getByLabel('Until', { exact: true }).selectOption({ label: '6 AM' });
    // Push waits during quiet hours; e-mails too when the user says so.
    await quiet.getByRole('checkbox', { name: 'Hold e-mails too' }).check();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('Alert settings saved.');
    await expect(page.getByTestId('alerts-status')).toHaveText('On');
    await expect(email.getByText('On', { exact: true })).toBeVisible();
    const db = process.env.E2E_DATABASE_URL;
    expect(await sql(`SELECT channel::text, enabled, mode::text, kinds::text FROM alert_channels WHERE user_id = $1 ORDER BY alert_channels.channel`, [user.id], db)).toEqual([
      { channel: 'email', enabled: true, mode: 'instant', kinds: '{arrival}' },
      { channel: 'push', enabled: true, mode: 'digest', kinds: '{arrival,shipment,forecast}' },
      { channel: 'discord', enabled: false, mode: 'instant', kinds: '{arrival,shipment}' },
    ]);
    expect(await sql('SELECT quiet_start_hour, quiet_end_hour, quiet_hold_email FROM alert_settings WHERE user_id = $1', [user.id], db)).toEqual([
      { quiet_start_hour: 23, quiet_end_hour: 6, quiet_hold_email: true },
    ]);

    await page.reload();
    await expect(kinds.getByRole('checkbox', { name: 'Shelf arrivals' })).toBeChecked();
    await expect(kinds.getByRole('checkbox', { name: 'Shipments' })).not.toBeChecked();
    await expect(quiet.getByRole('switch', { name: /Hold alerts during quiet hours/ })).toBeChecked();
    await expect(quiet.getByLabel('From', { exact: true })).toHaveValue('23');
    await expect(quiet.getByLabel('Until', { exact: true })).toHaveValue('6');
    await expect(push.getByText('On', { exact: true })).toBeVisible();
    await expect(push.getByRole('radio', { name: /Daily digest/ })).toBeChecked();
    await expect(push.getByRole('checkbox', { name: 'On its way' })).toBeChecked();
    await expect(kinds.getByRole('checkbox', { name: 'On its way' })).not.toBeChecked();
    await expect(alerts.getByLabel('Send the digest at')).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('alerts for boards whose shelves are not read', () => {
  test('adds a one-store board and a board of several with what their alerts mean, and refuses narrowing a board of several to stores @phone', async ({ page, createUser, signIn }) => {
    const user = await createUser();
    const [boone] = await sql<{ id: number; nickname: string }>('SELECT id, nickname FROM stores WHERE board_id = 43', [], process.env.E2E_DATABASE_URL);
    await signIn(page, user);
    await page.goto('/profile#arrival-alerts');
    const alerts = card(page);
    const chosen = alerts.getByRole('list', { name: 'Boards you get alerts for' });
    const item = (name: string) => chosen.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
    await expect(chosen.getByRole('listitem')).toHaveCount(1);
    await expect(item('Wake County')).toContainText('Alerts when bottles arrive on one of its store shelves.');

    // The grouped choice: shelves read, one store, shipments to the board only.
    const add = alerts.getByLabel('Add a board');
    await expect(add.locator('optgroup')).toHaveCount(3);
    expect(await add.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual([
      'Store shelves read',
      'One store',
      'Shipments to the board only',
    ]);
    await expect(add.locator('optgroup[label="One store"] option', { hasText: /^Boone$/ })).toHaveCount(1);
    await expect(add.locator('optgroup[label="Shipments to the board only"] option', { hasText: /^Mecklenburg County$/ })).toHaveCount(1);
    for (const name of ['Boone', 'Mecklenburg County']) {
      await add.selectOption({ label: name });
      await alerts.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await expect(item('Boone')).toContainText(`Alerts when the state ships to its only store, ${boone.nickname} (from the state's daily report, about 11 AM).`);
    await expect(item('Mecklenburg County')).toContainText('Alerts when the state ships to Mecklenburg County. The state does not say which of its 31 stores.');
    await expect(alerts.getByText('On a shelf: bottles there after the arrival. Shipments: bottles shipped.')).toBeVisible();
    await alerts.getByRole('switch', { name: /Send me arrival alerts/ }).check();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('Alert settings saved.');

    // Narrowing to stores would silence Mecklenburg County: refused, and nothing saved.
    await alerts.getByRole('radio', { name: /Only these stores/ }).check();
    const groups = alerts.getByRole('group', { name: 'Stores to alert for' });
    await expect(groups.getByRole('group', { name: 'Boone stores' }).getByRole('checkbox')).toHaveCount(1);
    await expect(groups.getByRole('group', { name: 'Mecklenburg County stores' })).toHaveCount(0);
    await groups.getByRole('group', { name: 'Boone stores' }).getByRole('checkbox').check();
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Shipments name only the board: choose all stores of Mecklenburg County.');
    const saved = async () =>
      (await sql<{ board_ids: number[]; store_ids: number[] }>('SELECT board_ids, store_ids FROM alert_settings WHERE user_id = $1', [user.id], process.env.E2E_DATABASE_URL))[0];
    expect(await saved()).toEqual({ board_ids: [179, 43, 53], store_ids: [] });

    // Without it, Boone's one store can be the only store alerted.
    await item('Mecklenburg County').getByRole('button', { name: 'Remove Mecklenburg County' }).click();
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await alerts.getByRole('button', { name: 'Save Alert Settings' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('Alert settings saved.');
    expect(await saved()).toEqual({ board_ids: [179, 43], store_ids: [boone.id] });
    await page.reload();
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await expect(item('Boone')).toBeVisible();
    await expect(alerts.getByRole('radio', { name: /Only these stores/ })).toBeChecked();

    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the unsubscribe page', () => {
  test('turns alerts off from the e-mail link without signing in @phone', async ({ page, createUser }) => {
    const user = await createUser();
    await sql(
      `INSERT INTO alert_settings (user_id, listing_types, store_ids, updated_at) VALUES ($1, '{Allocation}', '{}', now())`,
      [user.id],
      process.env.E2E_DATABASE_URL,
    );
    await sql(
      `INSERT INTO alert_channels (user_id, channel, enabled, mode, kinds, updated_at) VALUES ($1, 'email', true, 'instant', '{arrival,shipment}', now())`,
      [user.id],
      process.env.E2E_DATABASE_URL,
    );
    const link = `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(user.id, E2E_SESSION_SECRET))}`;
    await page.goto(link);
    const box = page.getByTestId('unsubscribe');
    await expect(box.getByText(`${user.email[0]}•••@example.test`)).toBeVisible();
    // Opening the link changed nothing yet (mail scanners open links too).
    const enabled = async () =>
      (await sql<{ enabled: boolean }>(`SELECT enabled FROM alert_channels WHERE user_id = $1 AND channel = 'email'`, [user.id], process.env.E2E_DATABASE_URL))[0].enabled;
    expect(await enabled()).toBe(true);

    await box.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('You are unsubscribed from arrival alerts. No more alert e-mails will be sent.');
    expect(await enabled()).toBe(false);

    await page.reload();
    await expect(inMain(page).getByRole('status')).toContainText('Arrival alerts are already off');
    await expect(box.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });

  test('says so when the link is not valid', async ({ page }) => {
    await page.goto('/unsubscribe?token=12.not-a-real-signature');
    await expect(inMain(page).getByRole('alert')).toContainText('This unsubscribe link is not valid.');
    await page.goto('/unsubscribe');
    await expect(inMain(page).getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  });
});

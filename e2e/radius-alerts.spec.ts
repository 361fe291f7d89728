import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Alerts by radius (issue 39) on the profile: "Also every store within N miles of my place" is offered once the
// hunter has a place, saved with the rest of the alert settings, kept across reloads, and paused (said so) when
// the place is removed. The alerts themselves are tested end to end in lib/alerts/radius-alerts.db.test.ts.

const alertsCard = (page: Page) => page.locator('#arrival-alerts');
const distance = (page: Page) => alertsCard(page).getByTestId('alert-radius');

test('a distance from the hunter’s place, chosen beside boards and stores, paused without a place @phone', async ({ page, createUser, signIn }) => {
  await signIn(page, await createUser());
  await page.goto('/profile#arrival-alerts');
  const select = distance(page).getByLabel('Also every store within');
  await expect(distance(page)).toContainText('Set your place under Your place, above');
  await expect(select).toBeDisabled();

  // A place saved on the same page: the distance is offered at once, from there.
  const place = page.getByTestId('place-card');
  await place.getByLabel('ZIP code').fill('27513');
  await place.getByRole('button', { name: 'Save ZIP code' }).click();
  await expect(place.getByTestId('place-now')).toContainText('Near ZIP code 27513');
  await expect(select).toBeEnabled();
  await expect(distance(page)).toContainText('From ZIP code 27513');

  await alertsCard(page).getByRole('switch', { name: /Send me arrival alerts/ }).check();
  await select.selectOption({ label: '25 miles of my place' });
  await alertsCard(page).getByRole('button', { name: 'Save Alert Settings' }).click();
  await expect(page.getByText('Alert settings saved.')).toBeVisible();

  await page.reload();
  await expect(distance(page).getByLabel('Also every store within')).toHaveValue('25');

  // The place removed: the distance stays chosen but says it is paused.
  await page.getByTestId('place-card').getByRole('button', { name: 'Remove my place' }).click();
  await expect(distance(page)).toContainText('Paused: your place was removed');
  await expect(distance(page).getByLabel('Also every store within')).toHaveValue('25');
});

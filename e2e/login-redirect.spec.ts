import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// After login the browser goes back to the page it came from (`/login?next=…`), and only to one of our
// screens: a tab, line feed or carriage return after the first slash is dropped by the browser, which then
// reads "//evil.example" as another site. Played in Chromium, where that reading happens.

const isEvil = (url: URL) => url.hostname === 'evil.example' || url.hostname.endsWith('.evil.example');

/** Answers any request to evil.example, so a browser sent there lands on a page instead of a DNS error. */
async function trapEvil(page: Page): Promise<string[]> {
  const visits: string[] = [];
  await page.context().route(isEvil, (route) => {
    visits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>phished</h1>' });
  });
  return visits;
}

async function expectHome(page: Page, baseURL: string | undefined) {
  await expect(page).toHaveURL(new URL('/', baseURL).toString());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const next of ['/%09/evil.example/phish', '/%0a/evil.example/x', '/%0d/evil.example/x', '/%09%5Cevil.example/x', '/.//evil.example/x']) {
  test(`the login form never follows next=${next} off the site`, async ({ page, baseURL, createUser }) => {
    const visits = await trapEvil(page);
    const user = await createUser();
    await page.goto(`/login?next=${next}`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectHome(page, baseURL);
    expect(visits).toEqual([]);
  });

  test(`a signed-in user opening /login?next=${next} stays on the site`, async ({ page, baseURL, createUser, signIn }) => {
    const visits = await trapEvil(page);
    await signIn(page, await createUser());
    await page.goto(`/login?next=${next}`);
    await expectHome(page, baseURL);
    expect(visits).toEqual([]);
  });
}

test('a screen path is still followed, with its query', async ({ page, createUser }) => {
  const user = await createUser();
  await page.goto(`/login?next=${encodeURIComponent('/statewide-shipments?search=Eagle')}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/statewide-shipments\?search=Eagle$/);
});

import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { sql } from '../testing/sql.ts';
import { expect, test } from './fixtures';

// Accounts from a visitor's first click to a signed-in profile: register, verify the e-mailed code,
// wait for approval, reset a forgotten password, edit the profile and change the password.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const STRONG_PASSWORD = 'Barrel-Proof-1!';

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
// Scoped to <main>: Next's route announcer is a second, always-present role="alert" element.
const inMain = (page: Page) => page.getByRole('main');
const codeBox = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 6`);
const mailBody = (mail: { text: string; html: string }) => mail.text || mail.html;

function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No 6-digit code in the e-mail:\n${text}`);
  return match[1];
}

async function expectCodeBoxes(page: Page, values: string[]) {
  for (let i = 0; i < 6; i++) await expect(codeBox(page, i + 1)).toHaveValue(values[i]);
}

async function fillRegistration(page: Page, user: { firstName: string; lastName: string; email: string; password: string }) {
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
}

/** A fresh unverified account, registered through the API (the form has its own test). */
async function registerByApi(page: Page, email: string) {
  const res = await page.request.post('/api/auth/register', {
    data: { first_name: 'Quinn', last_name: 'Unverified', email, password: STRONG_PASSWORD },
    headers: XHR,
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Logging in before verifying sends the visitor to /verify-email with the login's message. */
async function openVerifyViaLogin(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(inMain(page).locator('strong', { hasText: email })).toBeVisible();
}

async function logInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test.describe('registration and e-mail verification', () => {
  test('register, verify the e-mailed code, wait for approval, get approved and land on /profile', async ({
    page,
    createUser,
    signIn,
    mailbox,
  }) => {
    test.slow();
    const visitor = { firstName: 'Avery', lastName: 'Newcomer', email: uniqueEmail('avery'), password: STRONG_PASSWORD };

    await page.goto('/register');
    await fillRegistration(page, visitor);
    await expect(page.getByText('Great, your password is strong!')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(inMain(page).locator('strong', { hasText: visitor.email })).toBeVisible();
    await expect(page.getByTestId('attempts')).toHaveText('Attempts remaining: 3');

    const code = codeFrom(mailBody(await mailbox.waitFor(visitor.email, { subject: /verif/i })));
    await codeBox(page, 1).click();
    await page.keyboard.type(code); // one digit per box, moving on by itself
    await expectCodeBoxes(page, code.split(''));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(inMain(page).getByRole('status').filter({ hasText: 'Taking you to the next step' })).toBeVisible();
    await expect(page).toHaveURL(/\/verification-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-mail verified!' })).toBeVisible();
    await expect(page.getByTestId('awaiting-approval')).toContainText('24-48 hours');

    // Verified but not yet approved: the login form explains the wait.
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInWithForm(page, visitor.email, visitor.password);
    await expect(page.getByTestId('help-pending')).toContainText('24-48 hours');
    // Verification is over: the verify screen no longer has an address and starts over at /register.
    await page.goto('/verify-email');
    await expect(page).toHaveURL(/\/register$/);

    // An admin approves the account on /admin; the approval e-mail goes out.
    const admin = await createUser({ role: 'admin' });
    await signIn(page, admin);
    await page.goto('/admin');
    const row = page.locator('tr', { hasText: visitor.email });
    await expect(row.getByText('pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Activate/ }).click();
    await expect(page.getByTestId('admin-result')).toContainText('✅');
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    await mailbox.waitFor(visitor.email, { subject: /approved/i });

    // Signed out, /profile asks for a login and comes back to /profile.
    await page.context().clearCookies();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=(%2F|\/)profile$/);
    await logInWithForm(page, visitor.email, visitor.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Avery');
  });

  test('the register button waits for names, e-mail, a strong password and a matching confirmation @phone', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create Account' });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    const rule = (id: string) => page.getByTestId(`rule-${id}`);
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Rye');
    await page.getByLabel('Email').fill(uniqueEmail('sam'));

    await password.fill('abc');
    await expect(rule('lowercase')).toHaveAttribute('data-met', 'true');
    for (const id of ['length', 'uppercase', 'number', 'symbol']) await expect(rule(id)).toHaveAttribute('data-met', 'false');
    await password.fill('Abcdefg1');
    for (const id of ['length', 'lowercase', 'uppercase', 'number']) await expect(rule(id)).toHaveAttribute('data-met', 'true');
    await expect(rule('symbol')).toHaveAttribute('data-met', 'false');
    await confirm.fill('Abcdefg1');
    await expect(page.getByText('✓ Passwords match')).toBeVisible();
    await expect(submit).toBeDisabled(); // the symbol rule still fails
    await expect(page.getByText('Great, your password is strong!')).toHaveCount(0);

    await password.fill('Abcdefg1!');
    await expect(rule('symbol')).toHaveAttribute('data-met', 'true');
    await expect(page.getByText('✗ Passwords do not match')).toBeVisible();
    await expect(submit).toBeDisabled();

    await confirm.fill('Abcdefg1!');
    await expect(page.getByText('✓ Passwords match')).toBeVisible();
    await expect(page.getByText('Great, your password is strong!')).toBeVisible();
    await expect(submit).toBeEnabled();

    await page.getByLabel('First name').fill('   ');
    await expect(submit).toBeDisabled();
    await page.getByLabel('First name').fill('Sam');
    await expect(submit).toBeEnabled();

    const toggle = page.getByRole('button', { name: 'Show passwords' });
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(confirm).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide passwords' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('registering an address that exists but is unverified goes to /verify-email with the server message', async ({ page }) => {
    const email = uniqueEmail('again');
    await registerByApi(page, email);
    await page.goto('/register');
    await fillRegistration(page, { firstName: 'Quinn', lastName: 'Again', email, password: STRONG_PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByTestId('verify-notice')).not.toBeEmpty();
  });

  test('/verify-email without an address goes to /register', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a wrong code lowers the attempts counter and clears the boxes', async ({ page, mailbox }) => {
    const email = uniqueEmail('wrong');
    await registerByApi(page, email);
    await openVerifyViaLogin(page, email);
    await expect(page.getByTestId('verify-notice')).toContainText(/verify/i); // the login's message
    await expect(page.getByTestId('attempts')).toHaveText('Attempts remaining: 3');

    const real = codeFrom(mailBody(await mailbox.waitFor(email, { subject: /verif/i })));
    const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
    await codeBox(page, 1).click();
    await page.keyboard.type(wrong);
    await page.getByRole('button', { name: 'Verify Email' }).click();

    await expect(page.getByTestId('attempts')).toHaveText('Attempts remaining: 2');
    await expect(inMain(page).getByRole('alert')).toBeVisible();
    await expectCodeBoxes(page, ['', '', '', '', '', '']);
    await expect(codeBox(page, 1)).toBeFocused();
  });

  test('pasting "12a3456789" fills the boxes with 1 to 6 @phone', async ({ page }) => {
    const email = uniqueEmail('paste');
    await registerByApi(page, email);
    await openVerifyViaLogin(page, email);
    await codeBox(page, 3).focus();
    await codeBox(page, 3).evaluate((el, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, '12a3456789');
    await expectCodeBoxes(page, ['1', '2', '3', '4', '5', '6']);
  });

  test('each box takes one digit, moves on, and Backspace steps back', async ({ page }) => {
    const email = uniqueEmail('boxes');
    await registerByApi(page, email);
    await openVerifyViaLogin(page, email);

    await codeBox(page, 1).click();
    await page.keyboard.type('x');
    await expect(codeBox(page, 1)).toHaveValue('');
    await page.keyboard.type('4');
    await expect(codeBox(page, 1)).toHaveValue('4');
    await expect(codeBox(page, 2)).toBeFocused();
    await page.keyboard.type('2');
    await expect(codeBox(page, 3)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(codeBox(page, 2)).toBeFocused();
    await expect(codeBox(page, 2)).toHaveValue('');
    await expect(codeBox(page, 1)).toHaveValue('4');

    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Please enter all 6 digits');
  });
});

test('an address a stranger registered too: the owner verifies on our screens, chooses a password from the mailed link and signs in once approved @phone', async ({
  page,
  request,
  mailbox,
  createUser,
}, testInfo) => {
  test.slow();
  const owner = { firstName: 'Owen', lastName: 'Owner', email: uniqueEmail('owner'), password: STRONG_PASSWORD };
  await page.goto('/register');
  await fillRegistration(page, owner);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await mailbox.waitFor(owner.email, { subject: /verif/i });

  // A minute later a stranger registers the same address with a password of their own; its code goes to the owner.
  await sql(`UPDATE email_verifications SET sent_at = now() - interval '61 seconds' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [owner.email], process.env.E2E_DATABASE_URL);
  const since = new Date();
  const stranger = await request.post('/api/auth/register', {
    data: { first_name: 'Sly', last_name: 'Stranger', email: owner.email, password: 'Stranger-Pass-9!' },
    headers: XHR,
  });
  expect((await stranger.json()).code).toBe('UNVERIFIED_EXISTS');
  const newestCode = codeFrom(mailBody(await mailbox.waitFor(owner.email, { subject: /verif/i, after: since })));

  // The owner types the newest code in their mailbox: the address is verified, and no password is kept.
  await codeBox(page, 1).click();
  await page.keyboard.type(newestCode);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(inMain(page).getByRole('status').filter({ hasText: 'choose yours' })).toBeVisible();
  await expect(page).toHaveURL(/\/verification-success\?password=choose$/);
  await expect(page.getByTestId('choose-password')).toContainText('registered more than once');
  await page.screenshot({ path: testInfo.outputPath(`choose-password-${testInfo.project.name}.png`), fullPage: true });

  // Neither password opens the account, even once approved.
  const admin = await createUser({ role: 'admin' });
  const adminSession = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password }, headers: XHR });
  expect(adminSession.status()).toBe(200);
  const [{ id }] = await sql<{ id: number }>('SELECT id FROM users WHERE email = $1', [owner.email], process.env.E2E_DATABASE_URL);
  expect((await request.patch(`/api/admin/users/${id}/status`, { data: { isActive: true }, headers: XHR })).status()).toBe(200);
  for (const password of ['Stranger-Pass-9!', owner.password]) {
    const attempt = await request.post('/api/auth/login', { data: { email: owner.email, password }, headers: XHR });
    expect(attempt.status()).toBe(401);
  }

  // The link in the owner's mailbox sets their password; then they sign in.
  const mail = await mailbox.waitFor(owner.email, { subject: /choose your/i });
  const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/.exec(mailBody(mail))?.[0];
  expect(link, mailBody(mail)).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  const chosen = 'Owner-Chose-It-1!';
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password').fill(chosen);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(chosen);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/^Hi \S+, here is what you can check today\.$/)).toBeVisible(); // signed in
});

test.describe('password reset', () => {
  test('a forgotten password is reset through the e-mailed link', async ({ page, createUser, mailbox }) => {
    test.slow();
    const user = await createUser({ firstName: 'Reese' });
    const newPassword = 'Fresh-Cask-2024!';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/request-password-reset$/);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Email address is required');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(inMain(page).getByRole('status')).not.toBeEmpty();

    const mail = await mailbox.waitFor(user.email, { subject: /reset/i });
    const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/.exec(mailBody(mail))?.[0];
    expect(link, mailBody(mail)).toBeTruthy();
    await page.goto(link!.replace(/&amp;/g, '&'));
    await expect(page.getByText('Hi Reese')).toBeVisible();

    const fresh = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await fresh.fill('short1');
    await confirm.fill('short1');
    await submit.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Password must be at least 8 characters long');
    await fresh.fill('x'.repeat(129));
    await confirm.fill('x'.repeat(129));
    await submit.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Password must be less than 128 characters');
    await fresh.fill(newPassword);
    await confirm.fill(`${newPassword}?`);
    await submit.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Passwords do not match');
    await confirm.fill(newPassword);
    await submit.click();
    await expect(inMain(page).getByRole('status')).toContainText('Your password has been reset');
    await expect(page).toHaveURL(/\/login$/);

    const old = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: XHR });
    expect(old.ok()).toBe(false);
    await logInWithForm(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hi Reese')).toBeVisible();
  });

  test('a reset link without a token, or with a bad one, is refused', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(inMain(page).getByRole('alert')).toHaveText('Invalid reset link. Please request a new password reset.');
    await expect(page.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/request-password-reset');
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(inMain(page).getByRole('alert')).toHaveText('Invalid or expired reset token');
  });

  test('a reset link checked while the server is unreachable says so, and Try Again checks again', async ({ page }) => {
    await page.route('**/api/auth/verify-reset-token/**', (route) => route.abort());
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(inMain(page).getByRole('alert')).toHaveText('Network error. Please try again.');
    await page.unroute('**/api/auth/verify-reset-token/**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Invalid or expired reset token');
  });
});

test.describe('profile', () => {
  test('editing the name and phone, with the phone formatted while typing @phone', async ({ page, createUser, signIn, isMobile }) => {
    const user = await createUser({ firstName: 'Jordan' });
    await signIn(page, user);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    await expect(page.getByTestId('watchlist-notice').getByRole('link')).toHaveAttribute('href', '/watchlist');

    const email = page.getByLabel('Email');
    await expect(email).toHaveValue(user.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByText('Email is managed by the system.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Jordan');

    const save = page.getByRole('button', { name: 'Save Profile' });
    const phone = page.getByLabel('Phone number');

    await page.getByLabel('Last name').fill('  ');
    await save.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('First name and last name are required.');
    await page.getByLabel('Last name').fill(user.lastName);

    await phone.click();
    await phone.pressSequentially('91955');
    await expect(phone).toHaveValue('(919) 55');
    await save.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('Phone number seems too short.');

    await phone.press('End');
    await phone.pressSequentially('50123');
    await expect(phone).toHaveValue('(919) 555-0123');
    // Backspace over the "-" takes the digit before it; typing in the middle keeps the caret in place.
    await phone.press('End');
    for (let i = 0; i < 4; i++) await phone.press('ArrowLeft');
    await phone.press('Backspace');
    await expect(phone).toHaveValue('(919) 550-123');
    await page.keyboard.type('5');
    await expect(phone).toHaveValue('(919) 555-0123');
    await page.getByLabel('First name').fill('Jordy');
    await save.click();
    await expect(inMain(page).getByRole('status')).toHaveText('Profile updated successfully.');

    // The header's welcome line follows the new first name.
    if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Welcome, Jordy')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Jordy');
    await expect(page.getByLabel('Phone number')).toHaveValue('(919) 555-0123');

    // Clearing the phone stores no number.
    await page.getByLabel('Phone number').fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(inMain(page).getByRole('status')).toHaveText('Profile updated successfully.');
    await page.reload();
    await expect(page.getByLabel('Phone number')).toHaveValue('');
  });

  test('changing the password', async ({ page, createUser, signIn }) => {
    const user = await createUser();
    const newPassword = 'Single-Barrel-9!';
    await signIn(page, user);
    await page.goto('/profile');

    const current = page.getByLabel('Current password');
    const fresh = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = page.getByRole('button', { name: 'Change Password' });

    await current.fill(user.password);
    await submit.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('To change your password, please fill in all three password fields.');
    await fresh.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await submit.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('New password and confirmation do not match.');
    await fresh.fill('short');
    await confirm.fill('short');
    await submit.click();
    await expect(inMain(page).getByRole('alert')).toHaveText('New password must be at least 8 characters.');

    await current.fill('not-my-password');
    await fresh.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(inMain(page).getByRole('alert')).not.toBeEmpty();

    await current.fill(user.password);
    await fresh.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(inMain(page).getByRole('status')).toHaveText('Password changed successfully.');
    await expect(current).toHaveValue('');

    // This session goes on; a new login needs the new password.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    const login = (password: string) =>
      page.request.post('/api/auth/login', { data: { email: user.email, password }, headers: XHR });
    expect((await login(user.password)).ok()).toBe(false);
    expect((await login(newPassword)).ok()).toBe(true);
  });
});

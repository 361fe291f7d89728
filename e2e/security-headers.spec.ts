import type { Page, Response } from '@playwright/test';
import { APP_ROUTES, PUBLIC_ROUTES } from '../lib/routes.ts';
import { sql } from '../testing/sql.ts';
import { expect, test } from './fixtures';

// Security headers on every screen and every kind of API answer, in Chromium: a Content-Security-Policy
// whose nonce is on Next's scripts (the screens still work under it: nothing is refused), no framing (the
// admin's buttons cannot be clickjacked), no MIME sniffing, no referrer to other sites. Through Caddy,
// with HSTS: e2e/proxy.spec.ts.

/** Every screen (lib/routes.ts lists them; a test checks the list against app/), with a real store and product. */
async function everyScreen(): Promise<string[]> {
  const [{ plu }] = await sql<{ plu: string }>(`SELECT plu FROM products WHERE listing_type = 'Allocation' ORDER BY plu LIMIT 1`, [], process.env.E2E_DATABASE_URL);
  return [...PUBLIC_ROUTES, ...APP_ROUTES, '/stores/1', `/products/${plu}`];
}

function expectSecurityHeaders(res: Response | null, what: string): string {
  expect(res, what).not.toBeNull();
  const headers = res!.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy, `${what}: CSP`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
    expect(policy, `${what}: ${directive}`).toContain(directive);
  }
  expect(policy, `${what}: no eval in production`).not.toContain('unsafe-eval');
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('same-origin');
  return /'nonce-([^']+)'/.exec(policy)![1];
}

/** Records every CSP violation the page reports (events and console lines). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

async function visitAll(page: Page, screens: string[]) {
  const violations = await watchViolations(page);
  for (const screen of screens) {
    // Next puts each answer's nonce on every script it renders into the page...
    const direct = await page.request.get(screen);
    const nonce = expectSecurityHeaders(direct as unknown as Response, `${screen} (fetched)`);
    const tags = (await direct.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, screen).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, screen).toContain(`nonce="${nonce}"`);
    // ...and they run in the browser: the app boots and renders (scripts they add later need no nonce:
    // 'strict-dynamic'), and the browser reports no violation.
    expectSecurityHeaders(await page.goto(screen), `${screen} (landed on ${new URL(page.url()).pathname})`);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
}

test('every screen, signed in as an admin, answers with the security headers and runs under its CSP', async ({ page, createUser, signIn }) => {
  test.setTimeout(180_000);
  await signIn(page, await createUser({ role: 'admin' }));
  await visitAll(page, await everyScreen());
});

test('every screen a visitor reaches answers with the security headers and runs under its CSP', async ({ page }) => {
  test.setTimeout(180_000);
  await visitAll(page, await everyScreen());
});

test('API answers, redirects, static files and errors carry them too', async ({ request, createUser }) => {
  const admin = await createUser({ role: 'admin' });
  const answers: [string, Response | import('@playwright/test').APIResponse][] = [];
  const get = async (url: string, options?: Parameters<typeof request.get>[1]) => answers.push([url, await request.get(url, options)]);
  await get('/api/health');
  await get('/api/auth/whoami'); // 401
  await get('/api/no-such-endpoint'); // 404 JSON
  await get('/api/stores/%E0%A4%A/inventory'); // the proxy's own 400
  await get('/profile', { maxRedirects: 0 }); // redirect to /login
  await get('/wp-admin', { maxRedirects: 0 });
  await get('/icon.svg');
  answers.push(['POST /api/auth/login', await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password } })]);
  await get('/api/admin/users');
  const page = await (await request.get('/login')).text();
  const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(page)?.[1];
  expect(chunk).toBeTruthy();
  await get(chunk!);
  for (const [url, res] of answers) expectSecurityHeaders(res as Response, `${url} (${res.status()})`);
});

test('another site cannot frame the admin page', async ({ page, baseURL, createUser, signIn }) => {
  await signIn(page, await createUser({ role: 'admin' }));
  // A page of another origin (the test's own data: page) frames /admin, as a clickjacking page would.
  const framed = page.waitForResponse((r) => r.url().endsWith('/admin'));
  await page.setContent(`<iframe src="${new URL('/admin', baseURL).toString()}" width="800" height="600"></iframe>`);
  expectSecurityHeaders(await framed, 'framed /admin');
  await page.waitForTimeout(1000);
  // Chromium refused to show it: the frame holds its error page, not the admin screen.
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame?.url()).not.toContain('/admin');
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Manage Users' })).toHaveCount(0);
});

// npm run screenshots -- [--base http://localhost:3000] [--out screenshots] [--email … --password …] [routes…]
// Captures each screen at 1280×800 and 390×844 in Debian's Chromium, signed in with the given account
// (default: the demo user), so a developer can look at what users see.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const base = opt('base', 'http://localhost:3000');
const out = opt('out', 'screenshots');
const email = opt('email', 'hunter@demo.local');
const password = opt('password', 'Demo-Hunter-2026!');
const publicRoutes = ['/login', '/register'];
const routes = args.length
  ? args
  : ['/', '/todays-arrivals', '/inventory', '/delivery-analysis', '/warehouse-inventory', '/stores', '/stores/1', '/statewide-shipments', '/watchlist', '/profile', '/admin'];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: label === 'phone' });
  const page = await context.newPage();
  for (const route of publicRoutes) {
    await page.goto(new URL(route, base).toString(), { waitUntil: 'networkidle' });
    await page.screenshot({ path: path.join(out, `${label}${route.replace(/\//g, '_')}.png`), fullPage: true });
  }
  const res = await page.request.post(new URL('/api/auth/login', base).toString(), {
    data: { email, password },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!res.ok()) throw new Error(`login as ${email} failed: ${res.status()} ${await res.text()}`);
  for (const route of routes) {
    await page.goto(new URL(route, base).toString(), { waitUntil: 'networkidle' });
    const file = path.join(out, `${label}${route === '/' ? '_home' : route.replace(/\//g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();

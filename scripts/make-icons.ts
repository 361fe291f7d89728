// npm run make-icons: renders the app's icons (public/icons/*.svg, the sources) to the PNGs the web app
// manifest, iOS and notifications need, in Debian's Chromium. The PNGs are committed; run this after
// changing an SVG. Transparent where the SVG is (the "any" icon's corners, the badge).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const dir = path.resolve(import.meta.dirname, '../public/icons');

/** Each PNG: its source and its size in pixels (square). */
export const ICONS = [
  { file: 'icon-192.png', source: 'icon.svg', size: 192 },
  { file: 'icon-512.png', source: 'icon.svg', size: 512 },
  { file: 'maskable-512.png', source: 'maskable.svg', size: 512 },
  { file: 'apple-touch-icon.png', source: 'maskable.svg', size: 180 }, // iOS rounds the corners itself
  { file: 'badge-72.png', source: 'badge.svg', size: 72 },
] as const;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, source, size } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const svg = readFileSync(path.join(dir, source)).toString('base64');
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${svg}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: path.join(dir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size}, from ${source})`);
  }
} finally {
  await browser.close();
}

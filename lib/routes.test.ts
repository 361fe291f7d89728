import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyPath, malformedSegment, safeNextPath } from './routes.ts';

function pages(dir: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry.startsWith('_') || entry === 'api') continue;
      const segment = entry.startsWith('(') ? '' : `/${entry.replace(/^\[(.+)\]$/, '123')}`;
      found.push(...pages(full, prefix + segment));
    } else if (entry === 'page.tsx') {
      found.push(prefix || '/');
    }
  }
  return found;
}

describe('routes', () => {
  it('knows every screen in app/, so proxy.ts never redirects a real page away', () => {
    for (const page of pages(path.resolve('app'))) expect(classifyPath(page), page).not.toBe('unknown');
  });

  it('classifies auth pages as public and everything else as unknown', () => {
    expect(classifyPath('/login')).toBe('public');
    expect(classifyPath('/reset-password')).toBe('public');
    expect(classifyPath('/')).toBe('app');
    expect(classifyPath('/wp-admin')).toBe('unknown');
  });

  it('only returns to same-site paths after login', () => {
    expect(safeNextPath('/stores/3?days=60')).toBe('/stores/3?days=60');
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });

  // Browsers drop tabs and line breaks from a URL and read a backslash as a slash, so "/\t/evil.example"
  // is followed as "//evil.example": another site. Only a path of one of our screens is followed.
  it.each([
    '/\t/evil.example/phish',
    '/\n/evil.example/x',
    '/\r/evil.example/x',
    '/\t\\evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/\u0000/evil.example',
    '\\\\evil.example',
    '/.//evil.example/x',
    '/%2F/evil.example',
    '/%09/evil.example',
    'javascript:alert(1)',
    '/\\/evil.example',
    'http:/evil.example',
    '/login?next=//evil.example',
    '/no-such-screen',
  ])('never follows %j', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('keeps a screen path with its query and fragment', () => {
    expect(safeNextPath('/statewide-shipments?search=Eagle%20Rare#board')).toBe('/statewide-shipments?search=Eagle%20Rare#board');
    expect(safeNextPath('/products/27090')).toBe('/products/27090');
    expect(safeNextPath('/')).toBe('/');
  });

  it('finds path segments with broken percent-encoding', () => {
    expect(malformedSegment('/api/stores/%E0%A4%A/inventory')).toBe('%E0%A4%A');
    expect(malformedSegment('/api/images/a/%ZZ.png')).toBe('%ZZ.png');
    expect(malformedSegment('/api/inventory/search/100%')).toBe('100%');
    expect(malformedSegment('/api/inventory/search/%C3')).toBe('%C3');
    expect(malformedSegment('/api/inventory/search/%ED%A0%80')).toBe('%ED%A0%80'); // a lone surrogate
    expect(malformedSegment('/api/inventory/search/a%C3%B1ejo')).toBeNull();
    expect(malformedSegment('/api/images/a%2Fb/%2e%2e')).toBeNull(); // decodes; the route judges it
    expect(malformedSegment('/api/stores/12/inventory')).toBeNull();
  });
});

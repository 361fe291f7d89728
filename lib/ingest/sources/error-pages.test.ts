import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recogniseErrorPage } from './error-pages.ts';
import { parseHtml } from './html.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const kindOf = (html: string) => recogniseErrorPage(parseHtml(html))?.kind ?? null;
const page = (title: string, body: string) => `<html><head><title>${title}</title></head><body>${body}</body></html>`;

describe('recogniseErrorPage', () => {
  it.each([
    ['wake-error-server.html', 'server error'],
    ['wake-error-not-found.html', 'not found'],
    ['wake-error-maintenance.html', 'maintenance'],
    ['wake-error-firewall-challenge.html', 'firewall'],
    ['wake-error-firewall-blocked.html', 'firewall'],
    ['wake-error-empty.html', 'empty'],
    ['warehouse-error-server.html', 'server error'],
    ['warehouse-maintenance.html', 'maintenance'],
    ['warehouse-firewall.html', 'firewall'],
  ])('%s is a %s page', (name, kind) => {
    expect(kindOf(fixture(name))).toBe(kind);
  });

  it.each([
    'wake-search-results.html',
    'wake-live-2026-07-21.html',
    'wake-mixed-markup.html',
    'wake-no-match.html',
    'wake-equivalent-markup.html',
    'wake-redesign-no-plu.html',
    'warehouse-stocks.html',
    'warehouse-live-2026-07-21.html',
    'warehouse-empty.html',
    'warehouse-live-empty.html',
    'warehouse-changed-header.html',
  ])('%s is an ordinary page', (name) => {
    expect(recogniseErrorPage(parseHtml(fixture(name)))).toBeNull();
  });

  it('recognises the usual titles and headings', () => {
    expect(kindOf(page('Attention Required! | Cloudflare', '<p>x</p>'))).toBe('firewall');
    expect(kindOf(page('Just a moment...', '<p>x</p>'))).toBe('firewall');
    expect(kindOf(page('Access denied | wakeabc.com used Cloudflare to restrict access', '<h1>Error 1020</h1>'))).toBe('firewall');
    expect(kindOf(page('403 Forbidden', '<h1>403 Forbidden</h1>'))).toBe('firewall');
    expect(kindOf(page('404 Not Found', '<h1>Not Found</h1>'))).toBe('not found');
    expect(kindOf(page('Wake ABC', '<h1>Page Not Found</h1>'))).toBe('not found');
    expect(kindOf(page('503 Service Unavailable', '<h1>Service Unavailable</h1>'))).toBe('server error');
    expect(kindOf(page('wakeabc.com | 522: Connection timed out', '<div id="cf-error-details"><h1>Connection timed out</h1></div>'))).toBe('server error');
    expect(kindOf(page('Wake ABC', '<p>Error establishing a database connection</p>'))).toBe('server error');
    expect(kindOf(page('Wake ABC &#8211; Under Maintenance', '<p>x</p>'))).toBe('maintenance');
  });

  it('describes what it saw', () => {
    expect(recogniseErrorPage(parseHtml(page('Just a moment...', '<h1>wakeabc.com</h1>')))?.description).toBe(
      "a firewall or challenge page (title 'Just a moment...', heading 'wakeabc.com')",
    );
    expect(recogniseErrorPage(parseHtml('<p>Sorry, you have been blocked</p>'))?.description).toBe("a firewall or challenge page (text 'Sorry, you have been blocked')");
    expect(recogniseErrorPage(parseHtml(''))?.description).toBe('an empty page');
  });

  it('does not mistake ordinary pages for error pages', () => {
    expect(kindOf(page('Search Results – Wake County ABC', '<h2>Product not found? Try a 5-digit code</h2><p>Sorry, no products matched your search.</p>'))).toBeNull();
    // Cloudflare injects its challenge script into ordinary pages: raw markup is not read.
    expect(kindOf(page('Search Results', '<p>x</p><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>'))).toBeNull();
    expect(kindOf(page('Search Results', '<form><input name="productSearch"></form>'))).toBeNull();
    // Real products whose names hold error words, as headings and in a title repeating the search.
    expect(kindOf(page('Search Results for Forbidden – Wake County ABC', '<h1>FORBIDDEN SMALL BATCH BOURBON</h1><p>PLU: 12345</p>'))).toBeNull();
    expect(kindOf(page('Forbidden Fire Cinnamon Liqueur', '<h1>Forbidden Fire Cinnamon Liqueur</h1>'))).toBeNull();
    expect(kindOf(page('Search Results', '<h1>550 Proof Vodka</h1><h1>Error Free Gin</h1>'))).toBeNull();
  });
});

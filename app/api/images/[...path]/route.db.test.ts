import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/images/[...path]/route';
import { TestClient } from '@/testing/api';
import { expectClientError, signedIn } from '../../../../testing/harness.ts';

// GET /api/images/{path}: files from IMAGES_DIR, nothing outside it. Uses the run's database (no seed).

const base = mkdtempSync(path.join(os.tmpdir(), 'nbt-images-'));
const root = path.join(base, 'images');
process.env.IMAGES_DIR = root; // read by env() on first use, which comes later

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 2, 3, 4, 5]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9]);

let browser: TestClient;

beforeAll(async () => {
  mkdirSync(path.join(root, 'bottles', 'folder.png'), { recursive: true });
  writeFileSync(path.join(root, 'bottles', "Blanton's 27090.JPG"), JPEG);
  writeFileSync(path.join(root, 'a.png'), PNG);
  writeFileSync(path.join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  writeFileSync(path.join(root, 'notes.txt'), 'not an image');
  writeFileSync(path.join(base, 'secret.png'), PNG);
  symlinkSync(path.join(base, 'secret.png'), path.join(root, 'link.png'));
  ({ browser } = await signedIn());
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const image = (segments: string[], headers: Record<string, string> = {}, client = browser) =>
  client.call(GET, `/api/images/${segments.map(encodeURIComponent).join('/')}`, {
    params: { path: segments } as unknown as Record<string, string>,
    headers,
  });

describe('GET /api/images/{path}', () => {
  it('serves a file from IMAGES_DIR with its content type and cache headers, and 304 for its ETag', async () => {
    const res = await image(['bottles', "Blanton's 27090.JPG"]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(JPEG.length));
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(Buffer.from(res.json._raw as string, 'latin1').length).toBeGreaterThan(0);

    const again = await image(['bottles', "Blanton's 27090.JPG"], { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.json).toEqual({});

    const png = await image(['a.png']);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('gives a file replaced in place (same size, same time) a new ETag: the tag follows the bytes', async () => {
    const file = path.join(root, 'replaced.png');
    const at = new Date('2026-03-10T14:15:00Z');
    writeFileSync(file, PNG);
    utimesSync(file, at, at);
    const before = (await image(['replaced.png'])).headers.get('etag')!;
    const other = Buffer.from(PNG);
    other[other.length - 1] ^= 0xff;
    writeFileSync(file, other);
    utimesSync(file, at, at);
    const after = await image(['replaced.png'], { 'If-None-Match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('serves SVG sandboxed, so a script in it cannot run', async () => {
    const res = await image(['logo.svg']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([
    ['a missing file', ['bottles', 'nope.jpg']],
    ['a directory', ['bottles', 'folder.png']],
    ['a file that is not an image', ['notes.txt']],
  ])('is 404 for %s', async (_label, segments) => {
    expectClientError(await image(segments), 404);
  });

  it.each([
    ['a .. segment', ['..', 'secret.png']],
    ['.. deeper down', ['bottles', '..', '..', 'secret.png']],
    ['a . segment', ['.', 'a.png']],
    ['an encoded ..', ['%2e%2e', 'secret.png']],
    ['an encoded slash', ['..%2Fsecret.png']],
    ['a slash inside a segment', ['bottles/../../secret.png']],
    ['an absolute path', ['/etc/passwd']],
    ['a backslash', ['..\\secret.png']],
    ['a drive letter', ['C:', 'Windows', 'win.ini']],
    ['a NUL byte', ['a.png\u0000.jpg']],
    ['an encoded NUL', ['a.png%00.jpg']],
    ['malformed encoding', ['%E0%A4%A.png']],
    ['an empty segment', ['', 'a.png']],
    ['a symlink that leaves the directory', ['link.png']],
  ])('refuses %s with 400', async (_label, segments) => {
    expectClientError(await image(segments), 400);
  });

  it('refuses an empty path with 400', async () => {
    expectClientError(await image([]), 400);
  });

  it('is 401 without a session', async () => {
    expectClientError(await image(['a.png'], {}, new TestClient()), 401);
  });
});

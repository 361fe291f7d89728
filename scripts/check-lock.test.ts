import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The Docker build's install check (Dockerfile, deps stage): `npm install` must have installed the
// committed lock as it is; another platform's optional native packages may be added, nothing else.
const committed = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const dir = mkdtempSync(path.join(os.tmpdir(), 'nbt-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(change: (lock: typeof committed) => void) {
  const lock = structuredClone(committed);
  change(lock);
  const file = path.join(dir, `lock-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(lock));
  const result = spawnSync(process.execPath, ['scripts/check-lock.mjs', 'package-lock.json', file], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

describe('scripts/check-lock.mjs', () => {
  it('accepts the committed lock, and other platforms’ optional packages the public registry adds', () => {
    expect(check(() => {})).toMatchObject({ code: 0, output: expect.stringContaining('installed as committed') });
    const darwin = check((lock) => {
      lock.packages['node_modules/@next/swc-darwin-arm64'] = { version: '16.4.6', optional: true, os: ['darwin'], cpu: ['arm64'] };
    });
    expect(darwin.code).toBe(0);
  });

  it('refuses a changed version, a removed package or a new required one', () => {
    const zod = committed.packages['node_modules/zod'].version;
    expect(check((lock) => (lock.packages['node_modules/zod'].version = '0.0.1'))).toEqual({
      code: 1,
      output: `npm install did not install the committed lock file:\n  node_modules/zod changed from ${zod} to 0.0.1\n`,
    });
    expect(check((lock) => delete lock.packages['node_modules/zod']).output).toContain('node_modules/zod was removed');
    expect(check((lock) => (lock.packages['node_modules/left-pad'] = { version: '1.3.0' })).output).toContain(
      'node_modules/left-pad@1.3.0 was added but is not optional',
    );
  });
});

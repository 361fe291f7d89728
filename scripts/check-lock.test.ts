import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// .ci/run's install check: `npm install` on a fresh clone must write the committed lock back unchanged
// (it lists every platform's optional packages), so the checkout stays clean.
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
  it('accepts the committed lock, which already lists every platform’s optional native packages', () => {
    expect(check(() => {})).toMatchObject({ code: 0, output: expect.stringContaining('installed as committed') });
    for (const platform of ['darwin-arm64', 'darwin-x64', 'win32-x64-msvc', 'linux-x64-gnu']) {
      expect(committed.packages[`node_modules/@next/swc-${platform}`], platform).toMatchObject({ optional: true });
    }
  });

  it('refuses a changed version, a removed package or an added one, optional or not', () => {
    const zod = committed.packages['node_modules/zod'].version;
    expect(check((lock) => (lock.packages['node_modules/zod'].version = '0.0.1'))).toEqual({
      code: 1,
      output: `npm install did not install the committed lock file:\n  node_modules/zod changed from ${zod} to 0.0.1\n`,
    });
    expect(check((lock) => delete lock.packages['node_modules/zod']).output).toContain('node_modules/zod was removed');
    expect(check((lock) => (lock.packages['node_modules/left-pad'] = { version: '1.3.0' })).output).toContain(
      'node_modules/left-pad@1.3.0 was added',
    );
    const optional = check((lock) => (lock.packages['node_modules/@acme/native-plan9'] = { version: '1.0.0', optional: true, os: ['plan9'] }));
    expect(optional).toEqual({
      code: 1,
      output: 'npm install did not install the committed lock file:\n  node_modules/@acme/native-plan9@1.0.0 was added (optional)\n',
    });
  });
});

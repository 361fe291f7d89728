import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { box } from './banner.ts';
import { checkBuild, checkPrismaClient, stampBuild } from './build.ts';
import {
  dropEmptyVariables,
  loadDotEnv,
  persistentSessionSecret,
  persistentVapidKeys,
  probeHost,
  resolveBindHost,
  resolveDemoMode,
  resolvePort,
} from './config.ts';
import { DataDirBusyError, lockDataDir, lockFilePath } from './lock.ts';
import { Supervisor } from './supervisor.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nbt-startup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const touch = (file: string, secondsAgo = 0) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, t, t);
};

describe('checkBuild', () => {
  beforeEach(() => {
    touch(path.join(dir, 'app', 'page.tsx'), 100);
    touch(path.join(dir, 'lib', 'x.ts'), 100);
    touch(path.join(dir, 'tsconfig.json'), 100);
    for (const d of ['app', 'lib']) utimesSync(path.join(dir, d), new Date(Date.now() - 100_000), new Date(Date.now() - 100_000));
  });

  it('builds when there is no BUILD_ID', () => {
    expect(checkBuild(dir)).toMatchObject({ needed: true, reason: expect.stringContaining('BUILD_ID') });
  });

  it('reuses a build newer than every input', () => {
    touch(path.join(dir, '.next', 'BUILD_ID'), 10);
    expect(checkBuild(dir).needed).toBe(false);
  });

  it('rebuilds when a source file is newer, naming it', () => {
    touch(path.join(dir, '.next', 'BUILD_ID'), 10);
    touch(path.join(dir, 'lib', 'x.ts'));
    expect(checkBuild(dir)).toMatchObject({ needed: true, reason: expect.stringContaining(path.join('lib', 'x.ts')) });
  });

  it('ignores test files next to the code', () => {
    touch(path.join(dir, 'lib', 'x.test.ts'));
    utimesSync(path.join(dir, 'lib'), new Date(Date.now() - 100_000), new Date(Date.now() - 100_000));
    touch(path.join(dir, '.next', 'BUILD_ID'), 10);
    expect(checkBuild(dir).needed).toBe(false);
  });

  it('rebuilds a standalone (Docker) build', () => {
    touch(path.join(dir, '.next', 'BUILD_ID'), 10);
    mkdirSync(path.join(dir, '.next', 'standalone'));
    expect(checkBuild(dir).needed).toBe(true);
  });

  it('counts files saved during the build as newer (stampBuild)', () => {
    const started = new Date(Date.now() - 50_000);
    touch(path.join(dir, 'lib', 'x.ts'), 20); // saved while the build ran
    touch(path.join(dir, '.next', 'BUILD_ID'), 0); // written when it finished
    stampBuild(dir, started);
    expect(checkBuild(dir).needed).toBe(true);
  });
});

describe('checkPrismaClient', () => {
  it('generates when the client is missing or older than the schema', () => {
    expect(checkPrismaClient(dir).needed).toBe(true);
    touch(path.join(dir, 'generated', 'prisma', 'client.ts'), 10);
    touch(path.join(dir, 'prisma', 'schema.prisma'), 20);
    expect(checkPrismaClient(dir).needed).toBe(false);
    touch(path.join(dir, 'prisma', 'schema.prisma'));
    expect(checkPrismaClient(dir).needed).toBe(true);
  });
});

describe('configuration', () => {
  it('keeps one session secret, mode 600', () => {
    const file = path.join(dir, '.data', 'session-secret');
    const first = persistentSessionSecret(file);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(64); // 48 random bytes
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(persistentSessionSecret(file)).toEqual({ secret: first.secret, created: false });
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
  });

  it('keeps one VAPID key pair, mode 600, and replaces a damaged file', () => {
    const file = path.join(dir, '.data', 'vapid-keys.json');
    const first = persistentVapidKeys(file);
    expect(first.created).toBe(true);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(persistentVapidKeys(file)).toEqual({ ...first, created: false });
    writeFileSync(file, '{"publicKey": "short"}');
    const replaced = persistentVapidKeys(file);
    expect(replaced.created).toBe(true);
    expect(replaced.publicKey).not.toBe(first.publicKey);
  });

  it('demo mode defaults by database kind unless DEMO_MODE is set', () => {
    expect(resolveDemoMode(undefined, 'embedded')).toBe(true);
    expect(resolveDemoMode(undefined, 'postgres')).toBe(false);
    expect(resolveDemoMode('false', 'embedded')).toBe(false);
    expect(resolveDemoMode('true', 'postgres')).toBe(true);
    expect(() => resolveDemoMode('maybe', 'postgres')).toThrow(/DEMO_MODE/);
  });

  it('reads .env.local before .env without overriding the environment', () => {
    writeFileSync(path.join(dir, '.env'), 'A=from-env\nB=from-env\nC=from-env\n');
    writeFileSync(path.join(dir, '.env.local'), 'B=from-local\n');
    const target: Record<string, string | undefined> = { C: '' };
    expect(loadDotEnv(dir, target)).toEqual(['.env.local', '.env']);
    expect(target).toMatchObject({ A: 'from-env', B: 'from-local', C: '' });
    dropEmptyVariables(['C'], target);
    expect('C' in target).toBe(false);
  });

  it('validates PORT and only binds to HOSTNAME when it is an address', () => {
    expect(resolvePort(undefined)).toBe(3000);
    expect(resolvePort('8080')).toBe(8080);
    expect(() => resolvePort('web')).toThrow(/PORT/);
    expect(resolveBindHost(undefined)).toBe('0.0.0.0');
    expect(resolveBindHost('my-laptop')).toBe('0.0.0.0');
    expect(resolveBindHost('127.0.0.1')).toBe('127.0.0.1');
    expect(probeHost('0.0.0.0')).toBe('127.0.0.1');
    expect(probeHost('::')).toBe('[::1]');
  });
});

describe('lockDataDir', () => {
  it('refuses a second owner while the first is alive and takes over a stale lock', () => {
    const dataDir = path.join(dir, '.data', 'pglite');
    const lock = lockDataDir(dataDir);
    // Same pid counts as ours; simulate another live process with our parent's pid.
    writeFileSync(lockFilePath(dataDir), `${process.ppid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirBusyError);
    writeFileSync(lockFilePath(dataDir), '999999999\n'); // no such process
    const again = lockDataDir(dataDir);
    again.release();
    lock.release();
    expect(() => statSync(lockFilePath(dataDir))).toThrow();
  });
});

describe('box', () => {
  it('pads every line to the widest', () => {
    const lines = box(['ab', 'abcd']).split('\n');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

describe('Supervisor', () => {
  const nodeChild = (name: string, code: string) => ({ name, command: process.execPath, args: ['-e', code], env: { ...process.env } });

  it('reports a service that exits on its own, but not one it stops', async () => {
    const supervisor = new Supervisor({ killAfterMs: 2000 });
    const unexpected: string[] = [];
    supervisor.onUnexpectedExit((info) => unexpected.push(`${info.name} ${info.code}`));
    const crashed = supervisor.start(nodeChild('crash', 'process.exit(3)'));
    expect(await crashed).toMatchObject({ name: 'crash', code: 3 });
    const long = supervisor.start(nodeChild('long', 'setInterval(() => {}, 1000)'));
    await new Promise((r) => setTimeout(r, 200));
    await supervisor.stopAll();
    expect(await long).toMatchObject({ signal: 'SIGTERM' });
    expect(unexpected).toEqual(['crash 3']);
  });

  it('kills a child that ignores SIGTERM after the grace period, with its process group', async () => {
    const supervisor = new Supervisor({ killAfterMs: 300 });
    const pidFile = path.join(dir, 'grandchild.pid');
    // A child that ignores SIGTERM and has a grandchild of its own (like tsx or next dev).
    const stubborn = supervisor.start(
      nodeChild(
        'stubborn',
        `process.on('SIGTERM', () => {});
         const g = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
         require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(g.pid));
         setInterval(() => {}, 1000);`,
      ),
    );
    for (let i = 0; i < 50 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    const t0 = Date.now();
    await supervisor.stopAll();
    expect(await stubborn).toMatchObject({ signal: 'SIGKILL' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    const alive = () => {
      try {
        process.kill(grandchild, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 40 && alive(); i++) await new Promise((r) => setTimeout(r, 50)); // until reaped
    expect(alive()).toBe(false);
  });
});

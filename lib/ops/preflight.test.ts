import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { deploymentProblems, type Env } from '../env.ts';

// Production fails closed: a deployed process without what it needs stops at start, naming each missing
// variable, before it touches the database or sends anything.

const VAPID = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43), VAPID_SUBJECT: 'mailto:ops@example.com' };
const base = { NODE_ENV: 'production', DEMO_MODE: false, DATABASE_URL: 'postgresql://db/x', SESSION_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail:25', ...VAPID } as Env;
const NO_VAPID = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined };

describe('deploymentProblems', () => {
  it('requires the database everywhere, and the session secret, mail and the VAPID keys where alerts are sent', () => {
    expect(deploymentProblems('app', base)).toEqual([]);
    const none = { ...base, DATABASE_URL: undefined, SESSION_SECRET: undefined, SMTP_URL: undefined, ...NO_VAPID };
    const names = (service: 'app' | 'scraper' | 'migrate') => deploymentProblems(service, none).map((p) => p.split(' ')[0]);
    const alerting = ['DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'];
    expect(names('app')).toEqual(alerting);
    expect(names('scraper')).toEqual(alerting);
    expect(names('migrate')).toEqual(['DATABASE_URL']);
    expect(deploymentProblems('app', { ...base, VAPID_SUBJECT: undefined })).toEqual([expect.stringMatching(/^VAPID_SUBJECT is not set: .*mailto:/)]);
  });

  it('asks nothing of development, tests or the demo', () => {
    const bare = { ...base, DATABASE_URL: undefined, SESSION_SECRET: undefined, SMTP_URL: undefined, ...NO_VAPID };
    expect(deploymentProblems('app', { ...bare, NODE_ENV: 'development' })).toEqual([]);
    expect(deploymentProblems('scraper', { ...bare, NODE_ENV: 'test' })).toEqual([]);
    expect(deploymentProblems('scraper', { ...bare, DEMO_MODE: true })).toEqual([]);
  });
});

describe('the deployed scripts', () => {
  const run = (script: string, env: Record<string, string>) => {
    const all: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env };
    const r = spawnSync(process.execPath, ['--import', 'tsx', script, '--once'], { encoding: 'utf8', env: all as NodeJS.ProcessEnv, timeout: 60_000 });
    return { code: r.status, output: r.stdout + r.stderr };
  };

  it('the scraper refuses to start without SESSION_SECRET, SMTP_URL and the VAPID keys', () => {
    // An unreachable database: the refusal comes before any connection.
    const r = run('scripts/scraper.ts', { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('[scraper] refusing to start:');
    expect(r.output).toMatch(/SESSION_SECRET is not set: .*unsubscribe link/);
    expect(r.output).toMatch(/SMTP_URL is not set: /);
    expect(r.output).toMatch(/VAPID_PUBLIC_KEY is not set: .*npx web-push generate-vapid-keys/);
  });

  it('migrate refuses to start without DATABASE_URL instead of creating a database of its own', () => {
    const r = run('scripts/migrate.ts', { DATABASE_URL: '' }); // empty: a developer's .env cannot fill it in
    expect(r.code).toBe(1);
    expect(r.output).toContain('[migrate] refusing to start:\n  DATABASE_URL is not set');
  });
});

describe('the app in production', () => {
  // Served by `next start` or Next's server.js, every client would share one address for the per-IP limits
  // and pages would carry no CSP: the app refuses to start unless scripts/app-server.mjs is serving it
  // (which sets NBT_APP_SERVER). Each case is a fresh process, as a deployment starts one.
  const problems = (service: string, extra: Record<string, string>) => {
    const all = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://db/x',
      SESSION_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      ...VAPID,
      ...extra,
    };
    const code = `import { preflightProblems } from './lib/ops/preflight.ts'; console.log(JSON.stringify(preflightProblems('${service}')));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', env: all as NodeJS.ProcessEnv, timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as string[];
  };

  it('refuses to start unless the app server serves it', async () => {
    const { APP_SERVER_REQUIRED } = await import('./preflight.ts');
    expect(problems('app', {})).toEqual([APP_SERVER_REQUIRED]);
    expect(problems('app', { NBT_APP_SERVER: '1' })).toEqual([]);
    // The scraper serves no pages.
    expect(problems('scraper', {})).toEqual([]);
  });
});

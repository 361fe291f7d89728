import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { deploymentProblems, type Env } from '../env.ts';

// Production fails closed: a deployed process without what it needs stops at start, naming each missing
// variable, before it touches the database or sends anything.

const base = { NODE_ENV: 'production', DEMO_MODE: false, DATABASE_URL: 'postgresql://db/x', SESSION_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail:25' } as Env;

describe('deploymentProblems', () => {
  it('requires the database everywhere, and the session secret and mail where mail is sent', () => {
    expect(deploymentProblems('app', base)).toEqual([]);
    const none = { ...base, DATABASE_URL: undefined, SESSION_SECRET: undefined, SMTP_URL: undefined };
    const names = (service: 'app' | 'scraper' | 'migrate') => deploymentProblems(service, none).map((p) => p.split(' ')[0]);
    expect(names('app')).toEqual(['DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL']);
    expect(names('scraper')).toEqual(['DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL']);
    expect(names('migrate')).toEqual(['DATABASE_URL']);
  });

  it('asks nothing of development, tests or the demo', () => {
    const bare = { ...base, DATABASE_URL: undefined, SESSION_SECRET: undefined, SMTP_URL: undefined };
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

  it('the scraper refuses to start without SESSION_SECRET and SMTP_URL', () => {
    // An unreachable database: the refusal comes before any connection.
    const r = run('scripts/scraper.ts', { DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('[scraper] refusing to start:');
    expect(r.output).toMatch(/SESSION_SECRET is not set: .*unsubscribe link/);
    expect(r.output).toMatch(/SMTP_URL is not set: /);
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

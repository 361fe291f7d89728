import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV_READERS, REQUIRED_IN_PRODUCTION, type Service } from '../env.ts';
import {
  checkInterpolation,
  interpolate,
  interpolatedVariables,
  InterpolationError,
  parseCompose,
  readCompose,
  referencedVariables,
  serviceEnvironment,
  startOrder,
} from '../../testing/compose.ts';
import { readDockerfile } from '../../testing/dockerfile.ts';

// docker-compose.yml, the Dockerfile, the Caddyfile and .env.example checked against the code, without a
// Docker engine: every variable a service gets is one its code reads, every variable the code reads in a
// deployment reaches the services that read it, required ones stop compose when missing, and every
// command, stage and file named exists. lib/ops/deployment.replay.test.ts then runs the services.

const compose = readCompose();
const dockerfile = readDockerfile();
const SERVICES: Service[] = ['migrate', 'app', 'scraper'];
const REQUIRED = {
  SESSION_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://mail.example.com:587',
  VAPID_PUBLIC_KEY: 'B'.repeat(87),
  VAPID_PRIVATE_KEY: 'p'.repeat(43),
  VAPID_SUBJECT: 'mailto:ops@example.com',
};

/** Variables read outside lib/env.ts, and by which services (each must be read where the test says). */
const ALSO_READ: Record<string, { services: Service[]; file: string }> = {
  DB_POOL_MAX: { services: ['app', 'scraper', 'migrate'], file: 'lib/db/index.ts' },
};

/** Every `process.env.NAME` in the code (tests left out), with lib/env.ts's schema: what the code reads. */
function variablesReadByCode(): Set<string> {
  const names = new Set<string>(Object.keys(ENV_READERS));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        if (entry !== 'node_modules') walk(full);
      } else if (/\.(m?[jt]sx?)$/.test(entry) && !/\.test\.|\.spec\./.test(entry)) {
        for (const m of readFileSync(full, 'utf8').matchAll(/process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[['"]([A-Z_][A-Z0-9_]*)['"]\])/g)) names.add(m[1] ?? m[2]);
      }
    }
  };
  for (const dir of ['app', 'lib', 'scripts', 'simulator', 'demo', 'bench', 'testing', 'e2e']) walk(dir);
  for (const file of ['next.config.ts', 'instrumentation.ts', 'proxy.ts', 'playwright.config.ts', 'prisma.config.ts']) {
    if (existsSync(file)) for (const m of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z_][A-Z0-9_]*)/g)) names.add(m[1]);
  }
  return names;
}

/** `KEY=value` and `# KEY=value` lines of .env.example, by section (the `# --- Name ---` headings). */
function envExample(): { key: string; value: string; section: string }[] {
  let section = '';
  const out: { key: string; value: string; section: string }[] = [];
  for (const line of readFileSync('.env.example', 'utf8').split('\n')) {
    const heading = /^# --- (.+?) -+$/.exec(line);
    if (heading) section = heading[1];
    const m = /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) out.push({ key: m[1], value: m[2], section });
  }
  return out;
}

describe('interpolation, as compose does it', () => {
  const vars = { SET: 'yes', EMPTY: '' };
  it('substitutes, defaults, requires and escapes', () => {
    expect(interpolate('a ${SET} $SET b', vars)).toBe('a yes yes b');
    expect(interpolate('${UNSET}|${EMPTY}', vars)).toBe('|');
    expect(interpolate('${UNSET:-d}|${EMPTY:-d}|${EMPTY-d}|${SET:-d}', vars)).toBe('d|d||yes');
    expect(interpolate('${UNSET:-https://${SET:-no}/x}', vars)).toBe('https://yes/x');
    expect(interpolate('${SET:+alt}|${EMPTY:+alt}|${EMPTY+alt}', vars)).toBe('alt||alt');
    expect(interpolate('$${NOT} $$HOME', vars)).toBe('${NOT} $HOME');
    expect(() => interpolate('${EMPTY:?needs a value}', vars)).toThrow(new InterpolationError('required variable EMPTY is missing a value: needs a value'));
    expect(interpolate('${EMPTY?set}', vars)).toBe('');
    expect(() => interpolate('${UNSET', vars)).toThrow(InterpolationError);
    expect(referencedVariables('${A:-${B}} $C $${D}')).toEqual(['A', 'B', 'C']);
  });
});

describe('docker-compose.yml', () => {
  it('starts postgres, then migrate, then the app and the scraper, then the proxy', () => {
    expect(startOrder(compose)).toEqual(['postgres', 'migrate', 'app', 'scraper', 'proxy']);
    expect(compose.services.migrate.dependsOn).toEqual({ postgres: 'service_healthy' });
    expect(compose.services.app.dependsOn).toEqual({ migrate: 'service_completed_successfully' });
    expect(compose.services.scraper.dependsOn).toEqual({ migrate: 'service_completed_successfully' });
    expect(compose.services.proxy.dependsOn).toEqual({ app: 'service_healthy' });
    expect(startOrder(compose, ['dev'])).toContain('mailpit');
  });

  it('passes every service exactly the variables its code reads', () => {
    const readByCode = variablesReadByCode();
    for (const [key, { file }] of Object.entries(ALSO_READ)) expect(readFileSync(file, 'utf8'), `${file} reads ${key}`).toContain(`process.env.${key}`);
    for (const service of SERVICES) {
      const passed = Object.keys(compose.services[service].environment);
      for (const key of passed) {
        expect(readByCode.has(key), `${service} gets ${key}, which nothing in the code reads`).toBe(true);
        const readers = (ENV_READERS as Record<string, readonly Service[]>)[key] ?? ALSO_READ[key]?.services ?? [];
        expect(readers, `${service} gets ${key}, but only ${readers.join(', ') || 'no deployed process'} reads it (ENV_READERS in lib/env.ts)`).toContain(service);
      }
      for (const [key, readers] of [...Object.entries(ENV_READERS), ...Object.entries(ALSO_READ).map(([k, v]) => [k, v.services] as const)]) {
        if (readers.includes(service)) expect(passed, `${service} reads ${key}; docker-compose.yml must pass it`).toContain(key);
      }
    }
    expect(compose.text).not.toContain('NC_ABC_LIST_URL');
  });

  it('stops when a variable production requires is missing, and builds the rest', () => {
    for (const [key, rule] of Object.entries(REQUIRED_IN_PRODUCTION)) {
      for (const service of rule!.services) {
        expect(Object.keys(compose.services[service].environment), `${service} needs ${key}`).toContain(key);
        const env = serviceEnvironment(compose.services[service], REQUIRED);
        expect(env[key], `${service}'s ${key}`).toMatch(/\S/);
      }
    }
    expect(() => checkInterpolation(compose, {})).toThrow(/SESSION_SECRET/);
    expect(() => checkInterpolation(compose, { SESSION_SECRET: REQUIRED.SESSION_SECRET })).toThrow(/SMTP_URL/);
    expect(() => checkInterpolation(compose, { SESSION_SECRET: REQUIRED.SESSION_SECRET, SMTP_URL: REQUIRED.SMTP_URL })).toThrow(/VAPID_/);
    expect(() => checkInterpolation(compose, REQUIRED)).not.toThrow();
    // The database every process uses is the postgres service's, with its credentials.
    const vars = { ...REQUIRED, POSTGRES_USER: 'u', POSTGRES_PASSWORD: 'p', POSTGRES_DB: 'd' };
    for (const service of SERVICES) {
      expect(serviceEnvironment(compose.services[service], vars).DATABASE_URL).toBe('postgresql://u:p@postgres:5432/d');
    }
    // Optional variables pass through only when set, so lib/env.ts's defaults apply otherwise.
    expect(serviceEnvironment(compose.services.scraper, REQUIRED)).not.toHaveProperty('WAKE_BASE_URL');
    expect(serviceEnvironment(compose.services.scraper, { ...REQUIRED, WAKE_BASE_URL: 'http://x' }).WAKE_BASE_URL).toBe('http://x');
  });

  it('names commands, images and files that exist', () => {
    for (const service of Object.values(compose.services)) {
      for (const arg of service.command ?? []) {
        if (/^(scripts|lib)\//.test(arg)) expect(existsSync(arg), `${service.name}'s command names ${arg}`).toBe(true);
      }
      if (service.command?.[0] === 'npx') {
        const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
        expect({ ...pkg.dependencies, ...pkg.devDependencies }, `${service.name} runs npx ${service.command[1]}`).toHaveProperty(service.command[1]);
      }
      if (service.build) expect(Object.keys(dockerfile), `${service.name} builds target ${service.build.target}`).toContain(service.build.target ?? 'runner');
      else expect(service.image, `${service.name} has an image or a build`).toBeTruthy();
      for (const volume of service.volumes) {
        const [source] = volume.split(':');
        if (source.startsWith('.') || source.startsWith('/')) expect(existsSync(source), `${service.name} mounts ${source}`).toBe(true);
        else expect(compose.volumes, `${service.name} uses volume ${source}`).toContain(source);
      }
    }
    // The two services built from the tools target run what its default command is made of.
    expect(dockerfile.tools.cmd).toEqual(compose.services.migrate.command);
  });

  it('publishes only the proxy; the proxy sends to the port the app listens on, with X-Forwarded-For', () => {
    const port = dockerfile.runner.env.PORT;
    expect(port).toBe('3000');
    expect(compose.services.app.ports).toEqual([]);
    expect(compose.services.app.expose).toEqual([port]);
    expect(compose.services.app.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/api/health`);
    expect(compose.services.proxy.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(compose.services.proxy.image).toMatch(/^caddy:/);
    const caddyfile = readFileSync('Caddyfile', 'utf8').replace(/#.*$/gm, '');
    expect(caddyfile).toMatch(new RegExp(`reverse_proxy \\{\\$APP_UPSTREAM:app:${port}\\}`));
    // The app counts the address Caddy wrote: one proxy hop, unless the operator says otherwise.
    expect(serviceEnvironment(compose.services.app, REQUIRED).TRUSTED_PROXY_HOPS).toBe('1');
    // Caddy reads every variable the proxy gets, and serves the APP_URL the app and the scraper use.
    for (const key of Object.keys(compose.services.proxy.environment)) expect(caddyfile).toContain(`{$${key}`);
    // HSTS on every answer of the TLS site.
    expect(caddyfile).toMatch(/header\s+Strict-Transport-Security\s+"max-age=\d{8,}/);
    for (const vars of [REQUIRED, { ...REQUIRED, APP_URL: 'https://tracker.example.com' }]) {
      const site = serviceEnvironment(compose.services.proxy, vars).APP_URL;
      expect(serviceEnvironment(compose.services.app, vars).APP_URL).toBe(site);
      expect(serviceEnvironment(compose.services.scraper, vars).APP_URL).toBe(site);
      expect(/\{\$APP_URL:([^}]+)\}/.exec(caddyfile)?.[1]).toBe(serviceEnvironment(compose.services.proxy, {}).APP_URL);
    }
  });

  it('agrees with .env.example, which documents only variables something reads', () => {
    const documented = envExample();
    const keys = new Set(documented.map((d) => d.key));
    const readByCode = variablesReadByCode();
    const interpolated = new Set(interpolatedVariables(compose));
    expect([...interpolated]).toEqual([
      'APP_URL', 'POSTGRES_DB', 'POSTGRES_PASSWORD', 'POSTGRES_USER', 'SESSION_SECRET', 'SMTP_URL', 'TRUSTED_PROXY_HOPS', 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_SUBJECT',
    ]);
    for (const { key } of documented) {
      expect(readByCode.has(key) || interpolated.has(key) || key === 'COMPOSE_PROJECT_NAME', `.env.example documents ${key}, which nothing reads`).toBe(true);
    }
    for (const key of Object.keys(ENV_READERS)) expect(keys, `.env.example documents ${key}`).toContain(key);
    for (const key of interpolated) expect(keys, `.env.example documents ${key} (docker-compose.yml reads it)`).toContain(key);
    // The compose section's values are compose's defaults.
    for (const { key, value } of documented.filter((d) => d.section === 'docker compose' && d.key.startsWith('POSTGRES_'))) {
      expect(interpolate(compose.services.postgres.environment[key] ?? '', {}), key).toBe(value);
    }
  });
});

/** `docker compose` (v2) where the plugin exists, else Debian's `docker-compose` (v1); undefined: neither. */
function composeCli(): string[] | undefined {
  if (spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0) return ['docker-compose'];
  return undefined;
}

describe.runIf(composeCli())('`docker compose config` (the real client, no engine needed)', () => {
  const cli = composeCli()!;
  // Only what the test sets: the developer's own .env must not decide the outcome.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nbt-compose-'));
  const empty = path.join(dir, 'empty.env');
  writeFileSync(empty, '');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = (vars: Record<string, string>) => {
    const env: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, ...vars };
    return spawnSync(cli[0], [...cli.slice(1), '--env-file', empty, 'config'], { encoding: 'utf8', env: env as NodeJS.ProcessEnv });
  };

  it('accepts the file, resolves it as this test does, and stops without the required variables', () => {
    const vars = { ...REQUIRED, APP_URL: 'https://tracker.example.com', WAKE_CONCURRENCY: '2' };
    const ok = config(vars);
    expect(ok.status, ok.stderr).toBe(0);
    const resolved = parseCompose(ok.stdout);
    for (const service of [...SERVICES, 'proxy' as const]) {
      const theirs = Object.fromEntries(Object.entries(resolved.services[service].environment).filter(([, v]) => v !== null));
      expect(theirs, service).toEqual(serviceEnvironment(compose.services[service], vars));
    }
    expect(config({ SMTP_URL: REQUIRED.SMTP_URL }).stderr).toContain('SESSION_SECRET');
    expect(config({ SESSION_SECRET: REQUIRED.SESSION_SECRET }).stderr).toContain('SMTP_URL');
    expect(config({ SESSION_SECRET: REQUIRED.SESSION_SECRET, SMTP_URL: REQUIRED.SMTP_URL }).stderr).toContain('VAPID_');
  });
});

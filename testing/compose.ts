import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// docker-compose.yml as compose reads it, without Docker: YAML with merge keys (`<<`), `${VAR…}`
// interpolation over every string, each service's environment (a `NAME:` without a value passes the
// variable through only when it is set), and the order depends_on starts services in. Used by the tests
// that check the compose file against the code and replay it on the host (no Docker engine runs in CI).

export type Vars = Readonly<Record<string, string | undefined>>;

export class InterpolationError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** The index just past the `}` that closes the `${` whose body starts at `start`. */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '$') i++;
    else if (text[i] === '$' && text[i + 1] === '{') {
      depth++;
      i++;
    } else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  throw new InterpolationError(`unterminated \${ in "${text}"`);
}

/**
 * Compose's interpolation: `$$` is a literal `$`; `$NAME` and `${NAME}`; `${NAME:-default}` (unset or
 * empty) and `${NAME-default}` (unset); `${NAME:?error}` and `${NAME?error}` stop with the error;
 * `${NAME:+other}` and `${NAME+other}`. Defaults may themselves hold `${…}`.
 */
export function interpolate(text: string, vars: Vars): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (text[i] !== '$') {
      out += text[i++];
      continue;
    }
    if (text[i + 1] === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (text[i + 1] !== '{') {
      const name = NAME.exec(text.slice(i + 1))?.[0];
      if (!name) throw new InterpolationError(`invalid interpolation format in "${text}"`);
      out += vars[name] ?? '';
      i += 1 + name.length;
      continue;
    }
    const end = closingBrace(text, i + 2);
    const body = text.slice(i + 2, end - 1);
    const name = NAME.exec(body)?.[0];
    if (!name) throw new InterpolationError(`invalid interpolation format in "${text}"`);
    const rest = body.slice(name.length);
    const value = vars[name];
    const set = value !== undefined;
    const nonEmpty = set && value !== '';
    const operator = /^(:?[-?+])/.exec(rest)?.[1];
    if (!operator) {
      if (rest) throw new InterpolationError(`invalid interpolation format for ${name} in "${text}"`);
      out += value ?? '';
    } else {
      const arg = rest.slice(operator.length);
      const present = operator.startsWith(':') ? nonEmpty : set;
      switch (operator.at(-1)) {
        case '-':
          out += present ? value : interpolate(arg, vars);
          break;
        case '?':
          if (!present) throw new InterpolationError(`required variable ${name} is missing a value: ${interpolate(arg, vars)}`);
          out += value;
          break;
        case '+':
          out += present ? interpolate(arg, vars) : '';
          break;
      }
    }
    i = end;
  }
  return out;
}

/** Every variable a `${…}`/`$NAME` in `text` names, defaults included. */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)|\$([A-Za-z_][A-Za-z0-9_]*)/g)) {
    // `$${NAME}` is a literal for the container's shell, not interpolation.
    if (m.index > 0 && text[m.index - 1] === '$') continue;
    names.add(m[1] ?? m[2]);
  }
  return [...names];
}

export interface ComposeService {
  name: string;
  image?: string;
  build?: { context: string; target?: string };
  command?: string[];
  /** As written: null is a pass-through (`NAME:` without a value). */
  environment: Record<string, string | null>;
  dependsOn: Record<string, string>;
  ports: string[];
  expose: string[];
  volumes: string[];
  profiles: string[];
  healthcheck?: { test: string[] };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: string[];
  /** The file's text, for looking up which variables it interpolates. */
  text: string;
}

type Raw = Record<string, unknown>;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value == null ? [] : [String(value)]);

function environmentOf(value: unknown): Record<string, string | null> {
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.map((entry: string) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, null] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries((value ?? {}) as Raw).map(([k, v]) => [k, v == null ? null : String(v)]));
}

function dependsOnOf(value: unknown): Record<string, string> {
  if (Array.isArray(value)) return Object.fromEntries(value.map((s: string) => [s, 'service_started']));
  return Object.fromEntries(Object.entries((value ?? {}) as Raw).map(([k, v]) => [k, String((v as Raw)?.condition ?? 'service_started')]));
}

/** Reads the compose file as written (no interpolation). */
export function readCompose(file = 'docker-compose.yml'): ComposeFile {
  return parseCompose(readFileSync(file, 'utf8'));
}

export function parseCompose(text: string): ComposeFile {
  const doc = parse(text, { merge: true }) as Raw;
  const services: Record<string, ComposeService> = {};
  for (const [name, raw] of Object.entries((doc.services ?? {}) as Record<string, Raw>)) {
    const build = raw.build == null ? undefined : typeof raw.build === 'string' ? { context: raw.build } : (raw.build as ComposeService['build']);
    services[name] = {
      name,
      image: raw.image as string | undefined,
      build,
      command: raw.command == null ? undefined : Array.isArray(raw.command) ? raw.command.map(String) : String(raw.command).split(/\s+/),
      environment: environmentOf(raw.environment),
      dependsOn: dependsOnOf(raw.depends_on),
      ports: strings(raw.ports),
      expose: strings(raw.expose),
      volumes: strings(raw.volumes),
      profiles: strings(raw.profiles),
      healthcheck: raw.healthcheck ? { test: strings((raw.healthcheck as Raw).test) } : undefined,
    };
  }
  return { services, volumes: Object.keys((doc.volumes ?? {}) as Raw), text };
}

/**
 * A service's environment as its process gets it: values interpolated with `vars`, pass-throughs taken
 * from `vars` when set and left out otherwise. Throws InterpolationError for a missing required variable.
 */
export function serviceEnvironment(service: ComposeService, vars: Vars): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(service.environment)) {
    if (value === null) {
      if (vars[key] !== undefined) env[key] = vars[key]!;
    } else {
      env[key] = interpolate(value, vars);
    }
  }
  return env;
}

/** Interpolates every string of every service, as `docker compose config` does (the first error throws). */
export function checkInterpolation(compose: ComposeFile, vars: Vars): void {
  for (const service of Object.values(compose.services)) {
    serviceEnvironment(service, vars);
    for (const s of [...(service.command ?? []), ...service.ports, ...service.volumes, service.image ?? '']) interpolate(s, vars);
  }
}

/** Every variable the file interpolates (what .env can set for it). */
export function interpolatedVariables(compose: ComposeFile): string[] {
  const names = new Set<string>();
  for (const service of Object.values(compose.services)) {
    const texts = [...Object.values(service.environment), ...(service.command ?? []), ...service.ports, ...service.volumes, service.image ?? ''];
    for (const text of texts) if (text) for (const name of referencedVariables(text)) names.add(name);
  }
  return [...names].sort();
}

/** Services in the order compose starts them (dependencies first), leaving out those of inactive profiles. */
export function startOrder(compose: ComposeFile, profiles: string[] = []): string[] {
  const active = Object.values(compose.services).filter((s) => !s.profiles.length || s.profiles.some((p) => profiles.includes(p)));
  const names = new Set(active.map((s) => s.name));
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name)) return;
    if (visiting.has(name)) throw new Error(`depends_on cycle through ${name}`);
    if (!names.has(name)) throw new Error(`depends_on names ${name}, which is not an active service`);
    visiting.add(name);
    for (const dep of Object.keys(compose.services[name].dependsOn)) visit(dep);
    visiting.delete(name);
    order.push(name);
  };
  for (const s of active) visit(s.name);
  return order;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { DockerStage } from './dockerfile.ts';

// For the compose replay test (lib/ops/deployment.replay.test.ts): the images' file systems assembled on
// the host from the Dockerfile's COPY lines, and the services' commands run in them with the service's
// environment only, the way a container would run them. Hosts the compose network would resolve
// (postgres, mailpit, app) are mapped to 127.0.0.1 ports the test controls.

/** .dockerignore's patterns (this project uses top-level names and `*` globs; `!` re-includes). */
function dockerIgnore(root: string): (rel: string) => boolean {
  const file = path.join(root, '.dockerignore');
  const rules = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => {
          const negate = l.startsWith('!');
          const glob = (negate ? l.slice(1) : l).replace(/\/$/, '');
          const re = new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}(/|$)`);
          return { negate, re };
        })
    : [];
  return (rel) => rules.reduce((ignored, r) => (r.re.test(rel) ? !r.negate : ignored), false);
}

/**
 * Assembles `target`'s WORKDIR under `into`. COPY from the build context copies the files (and fails on
 * a file .dockerignore keeps out of the context or that does not exist). COPY --from=<stage> takes the
 * path from the host project, where the same steps ran (`npm install` → node_modules, which is linked
 * rather than copied; prisma generate and `next build` → copied).
 */
export function assembleImage(root: string, stages: Record<string, DockerStage>, target: string, into: string): DockerStage {
  const stage = stages[target];
  if (!stage) throw new Error(`Dockerfile has no stage ${target}`);
  const ignored = dockerIgnore(root);
  mkdirSync(into, { recursive: true });
  for (const copy of stage.copies) {
    const destIsDir = copy.dest.endsWith('/') || copy.sources.length > 1;
    for (const source of copy.sources) {
      let hostSource: string;
      if (copy.from) {
        const from = stages[copy.from];
        if (!from) throw new Error(`COPY --from=${copy.from}: no such stage`);
        const rel = path.posix.relative(from.workdir, source);
        if (rel.startsWith('..')) throw new Error(`COPY --from=${copy.from} ${source}: outside ${from.workdir}`);
        hostSource = path.join(root, rel);
        if (!existsSync(hostSource)) throw new Error(`COPY --from=${copy.from} ${source}: the ${copy.from} stage would not have it (${rel} is missing here)`);
      } else {
        const rel = path.posix.normalize(source);
        if (rel !== '.' && ignored(rel)) throw new Error(`COPY ${source}: .dockerignore leaves it out of the build context`);
        hostSource = path.join(root, rel);
        if (!existsSync(hostSource)) throw new Error(`COPY ${source}: no such file in the build context`);
      }
      const dest = path.resolve(into, path.posix.relative(stage.workdir, path.posix.resolve(stage.workdir, copy.dest)));
      if (statSync(hostSource).isDirectory()) {
        if (path.basename(hostSource) === 'node_modules' && !existsSync(dest)) {
          mkdirSync(path.dirname(dest), { recursive: true });
          symlinkSync(hostSource, dest, 'dir');
        } else {
          cpSync(hostSource, dest, { recursive: true, dereference: false });
        }
      } else {
        const file = destIsDir || (existsSync(dest) && statSync(dest).isDirectory()) ? path.join(dest, path.basename(hostSource)) : dest;
        mkdirSync(path.dirname(file), { recursive: true });
        cpSync(hostSource, file);
      }
    }
  }
  return stage;
}

/** Rewrites `host:port` after `//` or `@` in every value (compose's service names → the test's ports). */
export function mapHosts(env: Record<string, string>, hosts: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    let v = value;
    for (const [from, to] of Object.entries(hosts)) v = v.replace(new RegExp(`(//|@)${from.replace(/[.]/g, '\\.')}(?=[/:?#]|$)`, 'g'), `$1${to}`);
    out[key] = v;
  }
  return out;
}

export interface RunningService {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Runs `command` in the image directory with only the image's ENV and the service's environment (plus
 * PATH and HOME, which every image has), as the container would.
 */
export function runService(name: string, command: string[], options: { cwd: string; imageEnv: Record<string, string>; env: Record<string, string> }): RunningService {
  const env: Record<string, string> = { PATH: process.env.PATH!, HOME: process.env.HOME ?? '/tmp', ...options.imageEnv, ...options.env };
  const child = spawn(command[0], command.slice(1), { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    name,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a one-shot service to its end; throws with its output unless it exits 0. */
export async function runToCompletion(service: RunningService, timeoutMs = 120_000): Promise<string> {
  const timer = setTimeout(() => void service.stop(), timeoutMs);
  const code = await service.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${service.name} exited with ${code}:\n${service.output()}`);
  return service.output();
}

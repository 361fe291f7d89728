import { readFileSync } from 'node:fs';

// The Dockerfile's stages as data: what each COPYs (and from where), its ENV (inherited from the stage it
// is built FROM), WORKDIR and CMD. The compose replay assembles the `tools` and `runner` images on the
// host from their COPY lines, so a file an image lacks fails there as it would in the container.

export interface DockerCopy {
  /** The stage copied from; undefined: the build context. */
  from?: string;
  sources: string[];
  dest: string;
}

export interface DockerStage {
  name: string;
  /** The image or stage it is built FROM. */
  base: string;
  env: Record<string, string>;
  workdir: string;
  copies: DockerCopy[];
  cmd?: string[];
  user?: string;
  expose: string[];
}

/** Instructions with their arguments: comments dropped, `\` continuations joined. */
function instructions(text: string): { op: string; args: string }[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op, ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

/** `A=1 B="two words"` (or the legacy `A 1`). */
function parseEnv(args: string): Record<string, string> {
  if (!args.includes('=')) {
    const [key, ...value] = args.split(/\s+/);
    return { [key]: value.join(' ') };
  }
  const out: Record<string, string> = {};
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    out[m[1]] = m[2].startsWith('"') ? JSON.parse(m[2]) : m[2];
  }
  return out;
}

function execForm(args: string): string[] {
  const trimmed = args.trim();
  return trimmed.startsWith('[') ? (JSON.parse(trimmed) as string[]) : ['/bin/sh', '-c', trimmed];
}

export function parseDockerfile(text: string): Record<string, DockerStage> {
  const stages: Record<string, DockerStage> = {};
  const args: Record<string, string> = {};
  let current: DockerStage | undefined;
  for (const { op, args: rest } of instructions(text)) {
    switch (op) {
      case 'ARG': {
        const [key, value = ''] = rest.split('=');
        if (!current) args[key] = value;
        break;
      }
      case 'FROM': {
        const m = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
        if (!m) throw new Error(`Dockerfile: cannot read FROM ${rest}`);
        const base = m[1].replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, k: string) => args[k] ?? '');
        const parent = stages[base];
        const name = m[2] ?? `stage-${Object.keys(stages).length}`;
        current = {
          name,
          base,
          env: { ...(parent?.env ?? {}) },
          workdir: parent?.workdir ?? '/',
          copies: [],
          cmd: parent?.cmd,
          user: parent?.user,
          expose: [...(parent?.expose ?? [])],
        };
        stages[name] = current;
        break;
      }
      case 'ENV':
        Object.assign(current!.env, parseEnv(rest));
        break;
      case 'WORKDIR':
        current!.workdir = rest.startsWith('/') ? rest : `${current!.workdir.replace(/\/$/, '')}/${rest}`;
        break;
      case 'COPY': {
        const words = rest.split(/\s+/);
        const flags = words.filter((w) => w.startsWith('--'));
        const paths = words.filter((w) => !w.startsWith('--'));
        const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
        current!.copies.push({ from, sources: paths.slice(0, -1), dest: paths.at(-1)! });
        break;
      }
      case 'CMD':
        current!.cmd = execForm(rest);
        break;
      case 'USER':
        current!.user = rest;
        break;
      case 'EXPOSE':
        current!.expose.push(...rest.split(/\s+/));
        break;
      default:
        // RUN, HEALTHCHECK, LABEL …: nothing the replay needs.
        break;
    }
  }
  return stages;
}

export function readDockerfile(file = 'Dockerfile'): Record<string, DockerStage> {
  return parseDockerfile(readFileSync(file, 'utf8'));
}

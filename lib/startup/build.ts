import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';

// "Build when needed" for `npm start`: a production build is reused while no input is newer than
// .next/BUILD_ID. After each build start.ts back-dates BUILD_ID to the moment the build started, so a
// file saved during a build still counts as newer next time.

/** What a production build depends on, relative to the project root. */
export const BUILD_INPUTS = [
  'app',
  'lib',
  'public',
  'prisma/schema.prisma',
  'next.config.ts',
  // Root files Next.js builds in when present.
  'proxy.ts',
  'middleware.ts',
  'instrumentation.ts',
  'package-lock.json',
  'tsconfig.json',
] as const;

/** Files that never change the build output (tests next to the code). */
const IGNORED_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const IGNORED_DIR = new Set(['node_modules', '.git', '__snapshots__']);

export interface NewestFile {
  file: string;
  mtimeMs: number;
}

/** The most recently modified input file (or directory entry, so deletions count too). */
export function newestInput(root: string, inputs: readonly string[] = BUILD_INPUTS): NewestFile | undefined {
  let newest: NewestFile | undefined;
  const consider = (file: string, mtimeMs: number) => {
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file: path.relative(root, file), mtimeMs };
  };
  const walk = (dir: string) => {
    // A directory's mtime changes when an entry is added, removed or renamed.
    consider(dir, statSync(dir).mtimeMs);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!IGNORED_DIR.has(entry.name)) walk(full);
      } else if (entry.isFile() && !IGNORED_FILE.test(entry.name)) {
        consider(full, statSync(full).mtimeMs);
      }
    }
  };
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isDirectory()) walk(full);
    else consider(full, stat.mtimeMs);
  }
  return newest;
}

export interface BuildCheck {
  needed: boolean;
  reason: string;
}

/** Whether `next build` must run before `next start`, and why. */
export function checkBuild(root: string, inputs: readonly string[] = BUILD_INPUTS): BuildCheck {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return { needed: true, reason: 'no production build yet (.next/BUILD_ID is missing)' };
  if (existsSync(path.join(root, '.next', 'standalone'))) {
    // `next start` does not serve standalone output (the Docker build); rebuild for it.
    return { needed: true, reason: 'the existing build is a standalone (Docker) build' };
  }
  const builtAt = statSync(buildId).mtimeMs;
  const newest = newestInput(root, inputs);
  if (newest && newest.mtimeMs > builtAt) {
    return { needed: true, reason: `${newest.file} changed since the last build` };
  }
  return { needed: false, reason: 'the build in .next is up to date' };
}

/** Marks the build as made from the sources as they were when it started. */
export function stampBuild(root: string, startedAt: Date): void {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (existsSync(buildId)) utimesSync(buildId, startedAt, startedAt);
}

/** Whether the Prisma client must be generated first (missing, or older than the schema). */
export function checkPrismaClient(root: string): BuildCheck {
  const client = path.join(root, 'generated', 'prisma', 'client.ts');
  if (!existsSync(client)) return { needed: true, reason: 'generated/prisma is missing' };
  const schema = path.join(root, 'prisma', 'schema.prisma');
  if (existsSync(schema) && statSync(schema).mtimeMs > statSync(client).mtimeMs) {
    return { needed: true, reason: 'prisma/schema.prisma changed since the client was generated' };
  }
  return { needed: false, reason: 'generated/prisma is up to date' };
}

// node scripts/check-lock.mjs <committed lock> <lock after install>
//
// The committed lock lists every platform's optional native packages (next/swc, unrs-resolver), so
// `npm install` on a fresh clone writes it back unchanged and `npm ci` accepts it. .ci/run installs the
// way a newcomer does (`npm install`) and then runs this check: any difference is a failure — a locked
// package changed or removed, or a package added (optional or not), which would leave the checkout dirty.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A dependency map as text, in key order (another npm version may write the keys in another order). */
const sorted = (deps = {}) => JSON.stringify(Object.entries(deps).sort(([a], [b]) => (a < b ? -1 : 1)));

/** Differences that matter between two package-lock.json objects (an empty list: installed as locked). */
export function lockDifferences(committed, installed) {
  const problems = [];
  const before = committed.packages ?? {};
  const after = installed.packages ?? {};
  for (const [key, locked] of Object.entries(before)) {
    const now = after[key];
    const name = key || 'the project';
    if (!now) problems.push(`${name} was removed`);
    else if (now.version !== locked.version) problems.push(`${name} changed from ${locked.version} to ${now.version}`);
    else if (locked.integrity && now.integrity !== locked.integrity) problems.push(`${name}@${locked.version} has a different integrity`);
    else if (sorted(now.dependencies) !== sorted(locked.dependencies)) problems.push(`${name}'s dependencies changed`);
  }
  for (const [key, added] of Object.entries(after)) {
    if (!(key in before)) problems.push(`${key}@${added.version} was added${added.optional ? ' (optional)' : ''}`);
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [committedFile, installedFile] = process.argv.slice(2);
  if (!committedFile || !installedFile) {
    console.error('usage: node scripts/check-lock.mjs <committed package-lock.json> <package-lock.json after install>');
    process.exit(2);
  }
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const problems = lockDifferences(read(committedFile), read(installedFile));
  if (problems.length) {
    console.error(`npm install did not install the committed lock file:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('package-lock.json: installed as committed');
}

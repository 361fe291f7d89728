// The documentation a newcomer reads: the README is a front door (≤ 150 lines) that links the pages under docs/;
// every relative link of those pages leads to a file that exists (and a heading that exists, when it names one);
// and the decision records are found through their index: docs/decisions/README.md lists every one, each once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..');
const DECISIONS = path.join(ROOT, 'docs', 'decisions');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(heading[1].toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
  }
  return anchors;
}

describe('the documentation', () => {
  it('has a README of at most 150 lines that links every page under docs/', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    for (const page of ['architecture', 'operations', 'security', 'testing', 'benchmarks']) {
      expect(readme).toContain(`](docs/${page}.md)`);
    }
    expect(readme).toContain('](docs/decisions/README.md)');
  });

  it('keeps no finished plans: docs/plans is gone', () => {
    expect(existsSync(path.join(ROOT, 'docs', 'plans'))).toBe(false);
  });

  it('links only files and headings that exist', () => {
    const files = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [where, anchor] = target.split('#');
        const linked = where ? path.resolve(path.dirname(file), where) : file;
        if (!existsSync(linked)) broken.push(`${path.relative(ROOT, file)} → ${target}`);
        else if (anchor && linked.endsWith('.md') && !anchorsOf(readFileSync(linked, 'utf8')).has(anchor)) {
          broken.push(`${path.relative(ROOT, file)} → ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/decisions/README.md', () => {
  it('lists every decision record once, under its own title, and links only files that exist', () => {
    const records = readdirSync(DECISIONS)
      .filter((f) => /^\d{3}-.+\.md$/.test(f) && f !== '000-template.md')
      .sort();
    const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    const linked = [...index.matchAll(/^- \[(.+)\]\((\d{3}-[^)]+\.md)\)$/gm)].map((m) => ({ title: m[1], file: m[2] }));
    expect(linked.map((l) => l.file)).toEqual(records);
    for (const { title, file } of linked) {
      expect(readFileSync(path.join(DECISIONS, file), 'utf8').split('\n')[0], file).toBe(`# ${title}`);
    }
  });
});

// The decision records are found through their index: docs/decisions/README.md lists every one, each once, and
// links nothing that is not there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.join(import.meta.dirname, '..', 'docs', 'decisions');

describe('docs/decisions/README.md', () => {
  it('lists every decision record once, under its own title, and links only files that exist', () => {
    const records = readdirSync(DIR)
      .filter((f) => /^\d{3}-.+\.md$/.test(f) && f !== '000-template.md')
      .sort();
    const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const linked = [...index.matchAll(/^- \[(.+)\]\((\d{3}-[^)]+\.md)\)$/gm)].map((m) => ({ title: m[1], file: m[2] }));
    expect(linked.map((l) => l.file)).toEqual(records);
    for (const { title, file } of linked) {
      expect(readFileSync(path.join(DIR, file), 'utf8').split('\n')[0], file).toBe(`# ${title}`);
    }
  });
});

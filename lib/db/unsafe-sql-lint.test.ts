import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Raw SQL is written with Prisma's tagged templates; $queryRawUnsafe / $executeRawUnsafe fail lint
// (eslint.config.mjs), and the only way past is a per-line disable with a reason
// (docs/decisions/011-sql-and-search.md).

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });
const lint = async (code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'lib/example-unsafe-sql.ts') });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
};

const CLIENT = `import { db } from './db/index.ts';\n`;

describe('the raw SQL lint rule', () => {
  it('flags $queryRawUnsafe and $executeRawUnsafe, however reached', async () => {
    const messages = await lint(
      CLIENT +
        [
          'export async function byName(name: string) {',
          '  await db.$executeRawUnsafe(`DELETE FROM products WHERE name = \'${name}\'`);',
          "  const { $queryRawUnsafe } = db;",
          "  return db['$queryRawUnsafe']('SELECT 1', $queryRawUnsafe);",
          '}',
          'export interface Handle { $queryRawUnsafe(sql: string): Promise<unknown> }',
        ].join('\n'),
    );
    expect(messages.map((m) => [m.rule, m.line])).toEqual([
      ['no-restricted-properties', 3],
      ['no-restricted-properties', 4],
      ['no-restricted-properties', 5],
      ['no-restricted-syntax', 7],
    ]);
    expect(messages[0].message).toMatch(/tagged templates/);
  }, 60_000);

  it('accepts the tagged templates', async () => {
    const messages = await lint(
      CLIENT +
        [
          "import { Prisma } from './db/index.ts';",
          'export async function byName(name: string, plus: string[]) {',
          '  const extra = plus.length ? Prisma.sql`AND plu = ANY(${plus}::text[])` : Prisma.empty;',
          '  return db.$queryRaw`SELECT plu FROM products WHERE name = ${name} ${extra}`;',
          '}',
        ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('lets one line through with a disable comment', async () => {
    const messages = await lint(
      CLIENT +
        [
          'export async function run(script: string) {',
          '  // eslint-disable-next-line no-restricted-properties -- a trusted migration file, run as written',
          '  return db.$executeRawUnsafe(script);',
          '}',
        ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});

describe('the code base', () => {
  it('uses the Unsafe variants only on a line whose disable comment gives a reason', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.js', '*.mjs'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f && !f.startsWith('generated/'));
    const unexplained: string[] = [];
    for (const file of files) {
      if (file === 'lib/db/unsafe-sql-lint.test.ts' || file === 'eslint.config.mjs') continue;
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        // A block or file-wide disable of these rules is not the escape: only the next line, with a reason.
        if (/eslint-disable(?!-next-line)\S*.*no-restricted-(properties|syntax)/.test(line)) unexplained.push(`${file}:${i + 1}`);
        if (!/\$(query|execute)RawUnsafe/.test(line)) return;
        const before = lines[i - 1] ?? '';
        if (!/\/\/ eslint-disable-next-line no-restricted-(properties|syntax) -- \S/.test(before)) unexplained.push(`${file}:${i + 1}`);
      });
    }
    expect(unexplained).toEqual([]);
  });
});

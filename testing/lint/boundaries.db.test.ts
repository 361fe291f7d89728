import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import arrows (screens → app/api → lib → lib/db) are kept by lint: a wrong-way import fails
// `npm run lint`. Each case lints a snippet as if it were a file at that path, with the project's config.

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import boundaries', () => {
  it('lib/ cannot import app/ or the tools, by alias or relative path', async () => {
    expect(await problems('lib/reports/example.ts', "import { POST } from '../../app/api/auth/login/route.ts';\nexport const x = POST;\n")).toEqual([
      expect.stringContaining('lib/ must not import app/'),
    ]);
    expect(await problems('lib/reports/example.ts', "import { GET } from '@/app/api/health/route';\nexport const x = GET;\n")).toHaveLength(1);
    expect(await problems('lib/ingest/example.ts', "import { startSimulator } from '../../simulator/server.ts';\nexport const x = startSimulator;\n")).toEqual([
      expect.stringContaining('lib/ must not import the tools'),
    ]);
    expect(await problems('lib/ingest/example.ts', "import { seedDatabase } from '@/demo/index';\nexport const x = seedDatabase;\n")).toEqual([
      expect.stringContaining('lib/ must not import the tools'),
    ]);
  });

  it("tests may import the tools; lib's tests may not import app/", async () => {
    expect(await problems('lib/reports/example.test.ts', "import { signedIn } from '../../testing/harness.ts';\nexport const x = signedIn;\n")).toEqual([]);
    expect(await problems('lib/reports/example.db.test.ts', "import { GET } from '../../app/api/health/route.ts';\nexport const x = GET;\n")).toEqual([
      expect.stringContaining("lib/'s tests must not import app/"),
    ]);
    expect(await problems('app/api/health/route.db.test.ts', "import { signedIn } from '@/testing/harness';\nimport { GET } from './route';\nexport const x = [GET, signedIn];\n")).toEqual([]);
  });

  it('lib/db cannot import a domain module', async () => {
    expect(await problems('lib/db/example.ts', "import { HUNTED_SQL } from '../catalog/hunted.ts';\nexport const x = HUNTED_SQL;\n")).toEqual([
      expect.stringContaining('lib/db must not import a domain module'),
    ]);
    expect(await problems('lib/db/example.ts', "import { foldText } from '../text/fold.ts';\nexport const x = foldText;\n")).toEqual([]);
  });

  it('API routes cannot import screens, and app/ cannot import the tools', async () => {
    expect(await problems('app/api/example/route.ts', "import { apiFetch } from '@/app/_components/api';\nexport const x = apiFetch;\n")).toEqual([
      expect.stringContaining('API routes must not import screens'),
    ]);
    expect(await problems('app/(app)/example/page.tsx', "import { seedDatabase } from '@/demo/index';\nexport const x = seedDatabase;\n")).toEqual([
      expect.stringContaining('app/ must not import the tools'),
    ]);
  });

  it("a browser code ('use client' modules and browser-safe lib modules) imports only browser-safe lib modules; types from anywhere", async () => {
    const client = (body: string) => `'use client';\n${body}\nexport const x = 1;\n`;
    expect(await problems('app/(app)/example/view.tsx', client("import { db } from '@/lib/db';\nvoid db;"))).toEqual([
      expect.stringContaining("'@/lib/db' is server code"),
    ]);
    expect(await problems('app/(app)/example/view.tsx', client("import { getSessionUser } from '../../../lib/auth/session.ts';\nvoid getSessionUser;"))).toHaveLength(1);
    expect(await problems('app/(app)/example/view.tsx', client("import { GET } from '@/app/api/health/route';\nvoid GET;"))).toEqual([
      expect.stringContaining('is an API route'),
    ]);
    expect(
      await problems(
        'app/(app)/example/view.tsx',
        client("import type { HealthReport } from '@/lib/ops/health';\nimport { foldText } from '@/lib/text/fold';\nimport { PASSWORD_MIN_LENGTH } from '@/lib/auth/rules';\nexport type H = HealthReport;\nvoid foldText; void PASSWORD_MIN_LENGTH;"),
      ),
    ).toEqual([]);
    // A browser-safe lib module imports only browser-safe modules, so the screens' imports stay safe.
    expect(await problems('lib/reports-client/example.ts', "import { allocatedCurrent } from '../reports/inventory.ts';\nexport const x = allocatedCurrent;\n")).toEqual([
      expect.stringContaining("'../reports/inventory.ts' is server code"),
    ]);
    expect(await problems('lib/watchlist/rules.ts', "import { HUNTED_TYPES } from '../catalog/hunted.ts';\nexport const x = HUNTED_TYPES;\n")).toEqual([]);
    // The same import is fine on the server.
    expect(await problems('app/(app)/example/page.tsx', "import { db } from '@/lib/db';\nexport const x = db;\n")).toEqual([]);
  });
});

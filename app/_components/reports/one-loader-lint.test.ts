import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// One way for a screen to get data (docs/decisions/019): lint refuses a fetch written inside an effect.

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const lint = async (code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'app/(app)/example/example-screen.tsx') });
  return result.messages.map((m) => [m.ruleId, m.line]);
};

describe('the one-loader lint rule', () => {
  it('refuses a screen fetching inside useEffect, with apiFetch or fetch', async () => {
    const messages = await lint(
      [
        "'use client';",
        "import { useEffect, useState } from 'react';",
        "import { apiFetch } from '../../_components/api';",
        'export function Screen() {',
        '  const [data, setData] = useState<unknown>(null);',
        '  useEffect(() => {',
        "    void apiFetch('/api/stores').then((res) => setData(res.data));",
        "    void fetch('/api/stores').then(() => setData(null));",
        '  }, []);',
        '  return <p>{String(data)}</p>;',
        '}',
      ].join('\n'),
    );
    expect(messages).toEqual([
      ['no-restricted-syntax', 7],
      ['no-restricted-syntax', 8],
    ]);
  }, 60_000);

  it('accepts a loader handed to useResource', async () => {
    const messages = await lint(
      [
        "'use client';",
        "import { apiFetch } from '../../_components/api';",
        "import { useResource } from '../../_components/reports/use-resource';",
        'export function Screen() {',
        "  const { state } = useResource('stores', async (signal) => ({ ok: true as const, data: (await apiFetch('/api/stores', { signal })).data }));",
        "  return <p>{state.status}</p>;",
        '}',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  }, 60_000);
});

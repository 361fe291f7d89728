import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// One way for a screen to get data (docs/decisions/019, issue 38): lint refuses a fetch written inside an effect,
// the transport (apiFetch) in a screen, and an answer type a screen declares for itself.

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
      ['no-restricted-imports', 3],
      ['no-restricted-syntax', 7],
      ['no-restricted-syntax', 8],
    ]);
  }, 60_000);

  it('accepts a read handed to useResource through getJson', async () => {
    const messages = await lint(
      [
        "'use client';",
        "import type { Stores } from '@/lib/reports/types';",
        "import { getJson } from '../../_components/data/get-json';",
        "import { useResource } from '../../_components/data/use-resource';",
        'export function Screen() {',
        "  const { state } = useResource('stores', (signal) => getJson<Stores>('/api/stores', 'Could not load the stores.', signal));",
        "  return <p>{state.status}</p>;",
        '}',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  }, 60_000);

  it('refuses a screen calling the transport itself, or declaring an answer type of its own', async () => {
    const messages = await lint(
      [
        "'use client';",
        "import { apiFetch } from '../../_components/api';",
        'interface StoresAnswer { stores: string[] }',
        'type CountAnswer = { count: number };',
        "export const load = () => apiFetch<StoresAnswer | CountAnswer>('/api/stores');",
      ].join('\n'),
    );
    expect(messages).toEqual([
      ['no-restricted-imports', 2],
      ['no-restricted-syntax', 3],
      ['no-restricted-syntax', 4],
    ]);
  }, 60_000);
});

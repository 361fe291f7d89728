import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import { boundaries, LIB_DOMAINS } from './scripts/eslint/boundaries.mjs';

// Import arrows go one way: screens → app/api → lib → lib/db (docs/decisions/012-lib-is-the-product.md).
// Tests sit above everything and may import anything.
const TESTS = ['**/*.test.ts', '**/*.spec.ts'];
const outside = (folder) => [`@/${folder}/*`, `**/${folder}/*`];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // lib is the product: it never reaches up into the screens, the API routes or the tools in scripts/.
    files: ['lib/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outside('app'), message: 'lib/ must not import app/: move the shared code into lib/.' },
            { group: outside('scripts'), message: 'lib/ must not import scripts/ (the simulator, demo data, benchmarks, test harness).' },
            { group: ['@/proxy', '**/proxy'], message: 'lib/ must not import proxy.ts.' },
          ],
        },
      ],
    },
  },
  {
    // lib/db is the bottom: the client, migrations and search helpers know no domain.
    files: ['lib/db/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...outside('app'), ...outside('scripts')], message: 'lib/db must not import app/ or scripts/.' },
            { group: LIB_DOMAINS.flatMap((d) => [`@/lib/${d}/*`, `../${d}/*`]), message: 'lib/db must not import a domain module: domains use the database, not the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // The product's code never imports the tools, and the API never imports the screens.
    files: ['app/**/*.{ts,tsx}', 'proxy.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: outside('scripts'), message: 'app/ must not import scripts/ (the simulator, demo data, benchmarks, test harness).' }] },
      ],
    },
  },
  {
    files: ['app/api/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: outside('scripts'), message: 'app/ must not import scripts/.' },
            { group: ['@/app/_components/*', '@/app/(app)/*', '@/app/(public)/*', '**/_components/*'], message: 'API routes must not import screens: share code through lib/.' },
          ],
        },
      ],
    },
  },
  {
    // A 'use client' module may import from lib only what is safe in the browser, and those modules only
    // each other (scripts/eslint/boundaries.mjs).
    files: ['app/**/*.{ts,tsx}', 'lib/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/client-imports': 'error' },
  },
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'generated/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;

import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

// Raw SQL is written with Prisma's tagged templates ($queryRaw`…${value}…`, Prisma.sql, Prisma.join), so every
// value is a parameter by construction (docs/decisions/011-sql-and-search.md). The Unsafe variants take SQL
// text: a use that truly needs one says why on the line before, with
//   // eslint-disable-next-line no-restricted-properties -- <reason>
const UNSAFE_RAW = 'Raw SQL goes through tagged templates ($queryRaw`…`, $executeRaw`…`, Prisma.sql): values become parameters by construction. If Unsafe is truly needed, disable this line with a reason (docs/decisions/011-sql-and-search.md).';
const unsafeRawSql = {
  rules: {
    'no-restricted-properties': [
      'error',
      { property: '$queryRawUnsafe', message: UNSAFE_RAW },
      { property: '$executeRawUnsafe', message: UNSAFE_RAW },
    ],
    // What no-restricted-properties does not see, as it is no property access: a declared method (an
    // interface through which the Unsafe call would be handed on).
    'no-restricted-syntax': [
      'error',
      { selector: ':matches(TSMethodSignature, TSPropertySignature)[key.name=/^\\$(query|execute)RawUnsafe$/]', message: UNSAFE_RAW },
    ],
  },
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  unsafeRawSql,
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'generated/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;

import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import { boundaries, LIB_DOMAINS } from './testing/lint/boundaries.mjs';

// Import arrows go one way: screens → app/api → lib → lib/db (docs/decisions/012-lib-is-the-product.md).
// Tests sit above the product and may import the tools; lib's tests do not import app/.
const TESTS = ['**/*.test.ts', '**/*.spec.ts'];
const outside = (folder) => [`@/${folder}/*`, `**/${folder}/*`];
// The tools: entry points, the simulator of the public pages, the demo, the benchmarks and the test harness.
const TOOLS = ['scripts', 'simulator', 'demo', 'bench', 'testing'];
const tools = () => TOOLS.flatMap(outside);
// What no lib/ module imports (a narrower rule for one folder repeats these: a later rule replaces an earlier one).
const LIB_IMPORTS = [
  { group: outside('app'), message: 'lib/ must not import app/: move the shared code into lib/.' },
  { group: tools(), message: 'lib/ must not import the tools (scripts/, simulator/, demo/, bench/, testing/).' },
  { group: ['@/proxy', '**/proxy'], message: 'lib/ must not import proxy.ts.' },
];

// Raw SQL is written with Prisma's tagged templates ($queryRaw`…${value}…`, Prisma.sql, Prisma.join), so every
// value is a parameter by construction (docs/decisions/011-sql-and-search.md). The Unsafe variants take SQL
// text: a use that truly needs one says why on the line before, with
//   // eslint-disable-next-line no-restricted-properties -- <reason>
const UNSAFE_RAW = 'Raw SQL goes through tagged templates ($queryRaw`…`, $executeRaw`…`, Prisma.sql): values become parameters by construction. If Unsafe is truly needed, disable this line with a reason (docs/decisions/011-sql-and-search.md).';
const unsafeRawSyntax = [
  { selector: ':matches(TSMethodSignature, TSPropertySignature)[key.name=/^\\$(query|execute)RawUnsafe$/]', message: UNSAFE_RAW },
];
const unsafeRawSql = {
  rules: {
    'no-restricted-properties': [
      'error',
      { property: '$queryRawUnsafe', message: UNSAFE_RAW },
      { property: '$executeRawUnsafe', message: UNSAFE_RAW },
    ],
    // What no-restricted-properties does not see, as it is no property access: a declared method (an
    // interface through which the Unsafe call would be handed on).
    'no-restricted-syntax': ['error', ...unsafeRawSyntax],
  },
};

// Error codes are a closed set (lib/api/error-codes.ts): a screen compares an answer's code with ErrorCode.X,
// so a misspelt or retired code fails to compile instead of silently never matching.
const CODE_LITERAL = 'Compare error codes with the constants of lib/api/error-codes.ts (ErrorCode.X, SuccessCode.X), not a string.';
const codeLiteralSyntax = [
  {
    selector:
      "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='code'][right.type='Literal'], [right.property.name='code'][left.type='Literal'], [left.name='code'][right.type='Literal'], [right.name='code'][left.type='Literal'])",
    message: CODE_LITERAL,
  },
  { selector: "SwitchStatement:matches([discriminant.property.name='code'], [discriminant.name='code']) > SwitchCase > Literal.test", message: CODE_LITERAL },
];

// One way for a screen to get data: useResource (app/_components/data/use-resource.ts; docs/decisions/019).
// A fetch written inside an effect brings back its own loading, failure, abort and retry rules.
const ONE_LOADER = 'Screens load data through useResource (app/_components/data/use-resource.ts), not a fetch inside useEffect (docs/decisions/019-first-screenful-in-the-html.md).';
const ONE_CALL = 'Screens call the API through app/_components/data/ (getJson with useResource, callApi, or a form\'s useSubmit().send), not apiFetch (issue 38).';
const oneLoaderSyntax = [
  { selector: "CallExpression[callee.name='useEffect'] CallExpression:matches([callee.name='apiFetch'], [callee.name='fetch'])", message: ONE_LOADER },
  // A page's first answer is typed by its read's schema (lib/api/handler.ts Read.schema), never by a cast.
  { selector: "CallExpression[callee.name='firstAnswer'][typeArguments]", message: "firstAnswer's type comes from the read's schema: drop the type argument." },
];

// A screen's answers are typed from lib (lib/<domain>/types.ts: the schema the route's answer is checked with), never
// redeclared on the screen, where they drift from what the server sends.
const SCREEN_ANSWER = "A screen does not declare an API answer's type: import it from lib/<domain>/types.ts, derived from the schema the contract tests check the route with (issue 38).";
const screenAnswerSyntax = [
  { selector: 'TSInterfaceDeclaration[id.name=/Answer$/]', message: SCREEN_ANSWER },
  { selector: 'TSTypeAliasDeclaration[id.name=/Answer$/]', message: SCREEN_ANSWER },
];

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
    // lib is the product: it never reaches up into the screens, the API routes or the tools.
    files: ['lib/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: LIB_IMPORTS,
        },
      ],
    },
  },
  {
    // Forecasts build on the reports (the board directory, whereabouts, answer primitives), never the other way
    // round: the report folder does not import lib/forecast (issue 38). The reads that carry forecasts are in
    // lib/forecast/reads.ts.
    files: ['lib/reports/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...LIB_IMPORTS,
            { group: ['@/lib/forecast/*', '**/forecast/*'], message: 'lib/reports must not import lib/forecast: forecasts build on the reports (a read that carries forecasts goes in lib/forecast/reads.ts).' },
          ],
        },
      ],
    },
  },
  {
    // lib's tests reach the API as a client does, by URL (routeHandler in testing/api.ts), never by importing
    // app/: a test beside lib code tests lib; a route's own tests sit beside its route.ts. They may use the tools.
    files: TESTS.map((glob) => `lib/${glob}`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: outside('app'), message: "lib/'s tests must not import app/: call a route by its URL (routeHandler, testing/api.ts) or test it beside its route.ts." }] },
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
            { group: [...outside('app'), ...tools()], message: 'lib/db must not import app/ or the tools.' },
            { group: LIB_DOMAINS.flatMap((d) => [`@/lib/${d}/*`, `../${d}/*`]), message: 'lib/db must not import a domain module: domains use the database, not the other way round.' },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'proxy.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...unsafeRawSyntax, ...codeLiteralSyntax, ...oneLoaderSyntax] },
  },
  {
    // The product's code never imports the tools, and the API never imports the screens.
    files: ['app/**/*.{ts,tsx}', 'proxy.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: tools(), message: 'app/ must not import the tools (scripts/, simulator/, demo/, bench/, testing/).' }] },
      ],
    },
  },
  {
    files: ['app/(app)/**/*.{ts,tsx}', 'app/(public)/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...unsafeRawSyntax, ...codeLiteralSyntax, ...oneLoaderSyntax, ...screenAnswerSyntax] },
  },
  {
    // One way for a screen to get data: getJson or callApi (app/_components/data/), never the transport itself,
    // so every failure is read the one way (the API's error text, the screen's words for the rest).
    files: ['app/(app)/**/*.{ts,tsx}', 'app/(public)/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: tools(), message: 'app/ must not import the tools (scripts/, simulator/, demo/, bench/, testing/).' },
            { group: ['**/_components/api', '@/app/_components/api'], importNames: ['apiFetch'], message: ONE_CALL },
          ],
        },
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
            { group: tools(), message: 'app/ must not import the tools.' },
            { group: ['@/app/_components/*', '@/app/(app)/*', '@/app/(public)/*', '**/_components/*'], message: 'API routes must not import screens: share code through lib/.' },
          ],
        },
      ],
    },
  },
  {
    // A 'use client' module may import from lib only what is safe in the browser, and those modules only
    // each other (testing/lint/boundaries.mjs).
    files: ['app/**/*.{ts,tsx}', 'lib/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/client-imports': 'error' },
  },
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'generated/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
];

export default config;

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Three projects. `unit` (`npm run test:fast`): the product's tests that need no database (parsers, rules, the
// screens' helpers); it has no global set-up, so one such file runs in about a second. `tools`: the simulator's,
// the demo's, the benchmarks' and the harness's own tests, which replay simulated worlds (tens of seconds); no
// database either. `db`: the files named
// `*.db.test.ts`, which work on a real database; their global set-up creates the run's shared database
// from a template kept until what it is built from changes (testing/database.ts). A test that
// needs a database but is not named so fails at once: "DATABASE_URL is not set".
const TOOLS = ['simulator', 'demo', 'bench', 'testing'];
const DB_TESTS = ['lib/**/*.db.test.ts', 'app/**/*.db.test.ts', 'app/**/*.db.test.tsx', 'scripts/**/*.db.test.ts', ...TOOLS.map((dir) => `${dir}/**/*.db.test.ts`)];
// The deployment replay needs the production build: scripts/test.sh runs it after `next build`
// (vitest.replay.config.ts, npm run test:replay).
const NOT_HERE = ['**/node_modules/**', '**/*.replay.test.ts', ...DB_TESTS];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests run server modules in Node, outside React's server environment, where the marker would throw.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. The database tests mostly
    // wait (on Postgres, the simulator's HTTP, the scraper's child processes), so a worker per core halves the
    // run (vitest on Postgres 11.5 → 5.7 min on this 2-core machine) without starving them.
    maxWorkers: Math.max(2, availableParallelism()),
    env: {
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      BCRYPT_COST: '4',
      MAIL_OUTBOX_DIR: '.data/test-outbox',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: NOT_HERE,
        },
      },
      {
        extends: true,
        test: { name: 'tools', include: TOOLS.map((dir) => `${dir}/**/*.test.ts`), exclude: NOT_HERE },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: DB_TESTS,
          exclude: ['**/node_modules/**'],
          globalSetup: ['testing/vitest-global-setup.ts'],
          setupFiles: ['testing/vitest-worker-env.ts'],
        },
      },
    ],
  },
});

import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // Tests run server modules in Node, outside React's server environment, where the marker would throw.
      'server-only': path.resolve(import.meta.dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // The deployment replay needs the production build: scripts/test.sh runs it after `next build`
    // (vitest.replay.config.ts, npm run test:replay).
    exclude: ['**/node_modules/**', '**/*.replay.test.ts'],
    globalSetup: ['scripts/testing/vitest-global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: {
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-session-secret-0123456789-abcdefghijklmnop',
      BCRYPT_COST: '4',
      MAIL_OUTBOX_DIR: '.data/test-outbox',
    },
  },
});

import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The deployment replay (lib/ops/*.replay.test.ts): docker-compose.yml's services and `npm start` run on
// the host against the production build, one step after another. `npm run test:replay`; scripts/test.sh
// runs it after `next build`.
// The base's projects are the unit and database suites; the replay is a suite of its own.
const shared = { ...base.test, projects: undefined };

export default defineConfig({
  ...base,
  test: {
    ...shared,
    include: ['lib/**/*.replay.test.ts'],
    globalSetup: ['testing/vitest-global-setup.ts'],
    exclude: ['**/node_modules/**'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});

import path from 'node:path';

// Runs in every worker of the `db` project before its test files (vitest.config.ts setupFiles). On the embedded
// database the scraper's lock is a file beside EMBEDDED_DB_DIR (lib/ingest/scraper-lock.ts), one per host: workers
// side by side would skip each other's cycles. Each worker gets a directory of its own; a test that names one keeps it.
process.env.EMBEDDED_DB_DIR ??= path.join('.data', `test-pglite-worker-${process.env.VITEST_POOL_ID ?? '1'}`);

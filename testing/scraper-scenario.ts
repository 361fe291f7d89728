import { disconnectDb, setDatabaseUrl } from '../lib/db/index.ts';
import type { RunningSimulator, SimulatorOptions } from '../simulator/server.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startSimulatorForScraper } from './simulator.ts';

// The world of a scraper scenario test: the scraper reads the simulator's pages over loopback and writes to a real
// database of the test file's own. Alert scenarios add an SMTP server (testing/alert-scenario.ts).

export interface ScraperScenario {
  sim: RunningSimulator;
  /** This file's database, a copy of the reference template; DATABASE_URL and the Prisma client point at it. */
  database: TestDatabase;
  /** Stops the simulator, disconnects the Prisma client and drops the database. */
  stop(): Promise<void>;
}

/**
 * Starts a scraper scenario: the simulator for the scraper (with `env`, testing/simulator.ts) and a database named
 * after `label` from the reference template. Configuration is read once per process: everything is in place before
 * anything reads it, so call this first, in beforeAll.
 */
export async function startScraperScenario(label: string, simulator: SimulatorOptions, env: Record<string, string> = {}): Promise<ScraperScenario> {
  let sim: RunningSimulator | undefined;
  let database: TestDatabase | undefined;
  const stop = async () => {
    await sim?.stop();
    await disconnectDb();
    await database?.drop();
  };
  try {
    sim = await startSimulatorForScraper(simulator, env);
    database = await createTestDatabase(label, 'reference');
    process.env.DATABASE_URL = database.url;
    await setDatabaseUrl(database.url);
  } catch (error) {
    await stop().catch(() => undefined); // the failure to report is the first
    throw error;
  }
  return { sim, database, stop };
}

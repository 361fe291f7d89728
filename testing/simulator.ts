import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../simulator/server.ts';
import { simulatorSourceUrls } from '../simulator/source-urls.ts';

export { simulatorSourceUrls };

/**
 * Starts the simulator on a free loopback port and points the scraper's sources at it: no politeness
 * delay, no retries, short timeouts (override any of them, or add variables, with `env`). Configuration
 * is read once per process, so call this before anything reads it.
 */
export async function startSimulatorForScraper(options: SimulatorOptions, env: Record<string, string> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ ...options, port: 0 });
  Object.assign(process.env, {
    NC_ABC_BASE_URL: sim.url,
    NC_ABC_WEBSITE_URL: sim.url,
    BOARD_SOURCE_URLS: simulatorSourceUrls(sim.url),
    BOARD_SOURCE_REQUEST_DELAY_MS: '*=0',
    SOURCE_RETRIES: '0',
    SOURCE_TIMEOUT_MS: '1500',
    ...env,
  });
  return sim;
}

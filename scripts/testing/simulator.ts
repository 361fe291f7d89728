import { loadBoardSources } from '../../lib/reference/board-sources.ts';
import { loadReferenceData } from '../../lib/reference/reference.ts';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../simulator/server.ts';

/**
 * BOARD_SOURCE_URLS pointing every board source of the registry (prisma/seed-data/board-sources.json) at the
 * simulator at `simUrl`: one server for every site, ABC/GO's boards under /abcgo/<board id>.
 */
export function simulatorSourceUrls(simUrl: string): string {
  const sources = loadBoardSources(new Set(loadReferenceData().boards.map((b) => b.id)));
  return sources.map((s) => `${s.key}=${s.platform === 'abcgo' ? `${simUrl}/abcgo/${s.boardId}` : simUrl}`).join(',');
}

/**
 * Starts the simulator on a free loopback port and points the scraper's sources at it: no politeness
 * delay, no retries, short timeouts (override any of them, or add variables, with `env`). Configuration
 * is read once per process, so call this before anything reads it.
 */
export async function startSimulatorForScraper(options: SimulatorOptions, env: Record<string, string> = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ ...options, port: 0 });
  Object.assign(process.env, {
    NC_ABC_BASE_URL: sim.url,
    BOARD_SOURCE_URLS: simulatorSourceUrls(sim.url),
    BOARD_SOURCE_REQUEST_DELAY_MS: '*=0',
    SOURCE_RETRIES: '0',
    SOURCE_TIMEOUT_MS: '1500',
    ...env,
  });
  return sim;
}

import { loadBoardSources } from '../lib/reference/board-sources.ts';
import { loadReferenceData } from '../lib/reference/reference.ts';

/**
 * BOARD_SOURCE_URLS pointing every board source of the registry (prisma/seed-data/board-sources.json) at the
 * simulator at `simUrl`: one server for every site, an ABC/GO board's under /abcgo/<board id>.
 */
export function simulatorSourceUrls(simUrl: string): string {
  const sources = loadBoardSources(new Set(loadReferenceData().boards.map((b) => b.id)));
  return sources.map((s) => `${s.key}=${s.platform === 'abcgo' ? `${simUrl}/abcgo/${s.boardId}` : simUrl}`).join(',');
}

import 'server-only';
import { ErrorCode } from '../api/error-codes.ts';
import { foundOrThrow } from '../api/errors.ts';
import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { shelfBoards } from '../reference/shelf-boards.ts';
import { isoInstant } from './sql.ts';
import type { CoveredBoardInfo, CoveredBoards } from './types.ts';

// The covered boards (board_sources, lib/reference/shelf-boards.ts) as the report screens offer them: each board's stores and how
// fresh its shelves are — its inventory source's latest run and latest good (ok or partial) check — so a
// screen can say plainly when the board it shows is not being read. Three probes of the (source, started_at)
// index per board and two counts over the small stores table.

/**
 * A board's shelves are stale when its last good check is older than this. The scraper runs 07:00–21:00 New
 * York time and polls Wake every 15 minutes and the other boards every 4 hours by default, so a healthy
 * board's last good check is at most ~14 hours old (overnight); 26 hours means a whole day of polls missed.
 */
export const STALE_AFTER_HOURS = 26;

/** A board looked up by id, or the answer every board lookup gives when there is none. */
export const boardOrThrow = <T>(found: T, boardId: number | string, message = `No board with id ${boardId}`) =>
  foundOrThrow(found, message, ErrorCode.BOARD_NOT_FOUND);

interface Row {
  board_id: number;
  stores: number;
  retail_stores: number;
  last_run_status: CoveredBoardInfo['last_run_status'];
  last_run_at: string | null;
  last_finished_status: string | null;
  last_check: string | null;
}

export async function coveredBoards(now = new Date()): Promise<CoveredBoards> {
  return (await keptCoveredBoards(now)).answer;
}

/** Read once per run of the scraper, kept like the other answers (lib/db/changes.ts). Shared: never modify. */
const coveredAnswers = new ChangeCache<{ answer: CoveredBoards; from: number; until: number }>(['scrape_runs', 'stores', 'board_sources', 'boards'], 1);

/**
 * coveredBoards with until when (epoch ms, exclusive) it holds if no run is written: a board whose last good
 * check is still fresh turns stale STALE_AFTER_HOURS after it, with no write to announce it.
 */
export function keptCoveredBoards(now = new Date()): Promise<{ answer: CoveredBoards; from: number; until: number }> {
  const at = now.getTime();
  return coveredAnswers.get('all', () => readCoveredBoards(now), { valid: (kept) => kept.from <= at && at < kept.until });
}

async function readCoveredBoards(now: Date): Promise<{ answer: CoveredBoards; from: number; until: number }> {
  const covered = await shelfBoards();
  const ids = covered.map((b) => b.id);
  const sources = covered.map((b) => b.source);
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.board_id,
           (SELECT count(*)::int FROM stores s WHERE s.board_id = c.board_id) AS stores,
           (SELECT count(*)::int FROM stores s WHERE s.board_id = c.board_id AND NOT s.mixed_beverage) AS retail_stores,
           last.status::text AS last_run_status, ${isoInstant('last.started_at')} AS last_run_at,
           finished.status::text AS last_finished_status, ${isoInstant('good.started_at')} AS last_check
    FROM unnest(${ids}::int[], ${sources}::text[]) WITH ORDINALITY AS c(board_id, source, ord)
    LEFT JOIN LATERAL (
      SELECT r.status, r.started_at FROM scrape_runs r
      WHERE r.source = c.source ORDER BY r.started_at DESC LIMIT 1
    ) last ON true
    LEFT JOIN LATERAL (
      SELECT r.status FROM scrape_runs r
      WHERE r.source = c.source AND r.status <> 'running' ORDER BY r.started_at DESC LIMIT 1
    ) finished ON true
    LEFT JOIN LATERAL (
      SELECT r.started_at FROM scrape_runs r
      WHERE r.source = c.source AND r.status IN ('ok', 'partial') ORDER BY r.started_at DESC LIMIT 1
    ) good ON true
    ORDER BY c.ord`;
  const staleAfterMs = STALE_AFTER_HOURS * 3_600_000;
  const staleBefore = now.getTime() - staleAfterMs;
  const turnsStale = rows.map((r) => (r.last_check === null ? Infinity : Date.parse(r.last_check) + staleAfterMs)).filter((t) => t > now.getTime());
  const answer: CoveredBoards = {
    success: true,
    boards: rows.map((r, i) => ({
      board_id: r.board_id,
      name: covered[i].name,
      stores: r.stores,
      retail_stores: r.retail_stores,
      source: covered[i].source,
      last_run_status: r.last_run_status,
      last_run_at: r.last_run_at,
      last_check: r.last_check,
      failing: r.last_finished_status === 'failed',
      stale: r.last_check === null || Date.parse(r.last_check) < staleBefore,
    })),
  };
  return { answer, from: now.getTime(), until: Math.min(Infinity, ...turnsStale) };
}

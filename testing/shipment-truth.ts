import type { SimWorld } from '../simulator/world.ts';
import { sql } from './sql.ts';

// The shipments scenario's judge: what the simulator really shipped and published, beside what the
// scraper dated, both as { "plu|boardId": units } so a test compares them whole.

export type PairUnits = Record<string, number>;

/** What the simulator shipped to these boards in the extract periods of days [from, to] (YYYY-MM-DD). */
export function shippedTruth(world: SimWorld, boardIds: number[], from: string, to: string = from): PairUnits {
  const out: PairUnits = {};
  for (const boardId of boardIds) for (const [plu, units] of world.shippedTo(boardId, from, to)) out[`${plu}|${boardId}`] = units;
  return out;
}

/** The shipments the database dates on `day` to these boards. */
export async function datedShipments(databaseUrl: string, boardIds: number[], day: string): Promise<PairUnits> {
  const rows = await sql<{ plu: string; board_id: number; units: number }>(
    `SELECT plu, board_id, units FROM shipments WHERE ship_date = $1::date AND board_id = ANY($2::int[])`,
    [day, boardIds],
    databaseUrl,
  );
  return Object.fromEntries(rows.map((r) => [`${r.plu}|${r.board_id}`, r.units]));
}

/** The totals the database holds for one board (the last extract's, or kept). */
export async function boardTotals(databaseUrl: string, boardId: number): Promise<PairUnits> {
  const rows = await sql<{ plu: string; units: number }>(`SELECT plu, units FROM shipment_totals WHERE board_id = $1`, [boardId], databaseUrl);
  return Object.fromEntries(rows.map((r) => [`${r.plu}|${boardId}`, r.units]));
}

/**
 * Whether the simulator published a day's extract to a board: `published` (a valid copy carried all its
 * records), `withheld` (a valid copy went out without all of them) or `unpublished` (no valid copy of that day).
 */
export function publication(world: SimWorld, day: string, boardId: number): 'published' | 'withheld' | 'unpublished' {
  const served = world.extractDays().find((d) => d.date === day);
  if (!served?.published) return 'unpublished';
  return served.publishedTo.includes(boardId) || !served.boardIds.includes(boardId) ? 'published' : 'withheld';
}

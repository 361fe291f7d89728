import { ChangeCache } from '../db/changes.ts';
import { db } from '../db/index.ts';
import { boardPrecision, type BoardPrecision } from './precision.ts';
import { shelfBoards } from './shelf-boards.ts';

// What the product knows of each board, read in one place: its name, its stores, whether its shelves are read,
// and so the precision it is served at (precision.ts decides). The board directory, the forecasts and the alert
// settings all read it here. Kept until boards, stores or board_sources are written (lib/db/changes.ts).

/** A one-store board's store: a shipment to the board is a shipment to it. */
export interface OnlyStore {
  store_id: number;
  store_number: number;
  nickname: string;
  address: string;
  mixed_beverage: 0 | 1;
}

export interface BoardFacts {
  boardId: number;
  /** The board's short name (boards.name_clean): "Durham County". */
  name: string;
  precision: BoardPrecision;
  /** Its stores in the reference data, mixed-beverage outlets included, and its retail stores alone. */
  stores: number;
  retailStores: number;
  /** For a `store_by_shipment` board, its one store; null otherwise. */
  onlyStore: OnlyStore | null;
}

const kept = new ChangeCache<ReadonlyMap<number, BoardFacts>>(['boards', 'stores', 'board_sources'], 1);

/** Every board's facts, by id, in name order. Shared: never modify. */
export function boardFacts(): Promise<ReadonlyMap<number, BoardFacts>> {
  return kept.get('all', async () => {
    const [rows, shelves] = await Promise.all([
      db.$queryRaw<{ id: number; name: string; stores: number; retail: number; only_store: OnlyStore | null }[]>`
        SELECT b.id, b.name_clean AS name, count(s.id)::int AS stores, count(s.id) FILTER (WHERE NOT s.mixed_beverage)::int AS retail,
               CASE WHEN count(s.id) = 1 THEN json_build_object('store_id', min(s.id), 'store_number', min(s.store_number), 'nickname', min(s.nickname),
                                                               'address', min(s.address), 'mixed_beverage', max(s.mixed_beverage::int)) END AS only_store
          FROM boards b LEFT JOIN stores s ON s.board_id = b.id
         GROUP BY b.id
         ORDER BY b.name_clean, b.id`,
      shelfBoards(),
    ]);
    const shelf = new Set(shelves.map((b) => b.id));
    return new Map(
      rows.map((r) => {
        const precision = boardPrecision({ shelfSource: shelf.has(r.id), stores: r.stores, retailStores: r.retail });
        const facts: BoardFacts = {
          boardId: r.id,
          name: r.name,
          precision,
          stores: r.stores,
          retailStores: r.retail,
          onlyStore: precision === 'store_by_shipment' ? r.only_store : null,
        };
        return [r.id, facts];
      }),
    );
  });
}

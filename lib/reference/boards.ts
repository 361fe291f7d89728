// Board ids are the NC ABC Commission's (prisma/seed-data/nc-boards.csv). The boards whose stores the
// product follows store by store are named here, once, for ingest, reports, screens and the tools.

/** Wake County ABC Board: store-level inventory from its public search (lib/ingest/sources/wake-inventory.ts). */
export const WAKE_BOARD_ID = 179;

/** Durham County ABC Board: its own site, server-rendered HTML (lib/ingest/sources/durham.ts). */
export const DURHAM_BOARD_ID = 78;

/** Greensboro ABC Board: a NetSuite SuiteCommerce storefront, JSON (lib/ingest/sources/greensboro.ts). */
export const GREENSBORO_BOARD_ID = 58;

/** New Hanover County ABC Board: on the shared ABC/GO platform, JSON (lib/ingest/sources/abcgo.ts). */
export const NEW_HANOVER_BOARD_ID = 135;

/** The boards beyond Wake whose stores are in the reference data (prisma/seed-data/board-stores.json). */
export const OTHER_STORE_BOARD_IDS = [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID] as const;

/** How a board publishes its shelves: one source adapter per platform (docs/decisions/013-boards-beyond-wake.md). */
export type StorePlatform = 'wake' | 'durham' | 'greensboro' | 'abcgo';

/** A board whose store shelves the scraper reads ("covered"): its history, arrivals and alerts are store by store. */
export interface CoveredBoard {
  id: number;
  /** The board's short name as screens show it (boards.name_clean). */
  name: string;
  platform: StorePlatform;
  /** The scraper source that reads its shelves: one run record per board and poll (scrape_runs.source). */
  source: 'wake_inventory' | 'durham_inventory' | 'greensboro_inventory' | 'new_hanover_inventory';
}

/** Every covered board, Wake first (the default everywhere a board is chosen). */
export const COVERED_BOARDS: readonly CoveredBoard[] = [
  { id: WAKE_BOARD_ID, name: 'Wake County', platform: 'wake', source: 'wake_inventory' },
  { id: DURHAM_BOARD_ID, name: 'Durham County', platform: 'durham', source: 'durham_inventory' },
  { id: GREENSBORO_BOARD_ID, name: 'Greensboro', platform: 'greensboro', source: 'greensboro_inventory' },
  { id: NEW_HANOVER_BOARD_ID, name: 'New Hanover County', platform: 'abcgo', source: 'new_hanover_inventory' },
];

/** The covered board with this id, or undefined. */
export function coveredBoard(id: number): CoveredBoard | undefined {
  return COVERED_BOARDS.find((b) => b.id === id);
}

/** The covered board a scraper source reads, or undefined for the other sources (warehouse, shipments, locator). */
export function boardOfSource(source: string): CoveredBoard | undefined {
  return COVERED_BOARDS.find((b) => b.source === source);
}

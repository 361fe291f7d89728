// Board ids are the NC ABC Commission's (prisma/seed-data/nc-boards.csv). The boards whose stores the
// product follows store by store are named here, once, for ingest, reports and the tools.

/** Wake County ABC Board: store-level inventory from its public search (lib/ingest/poll-wake.ts). */
export const WAKE_BOARD_ID = 179;

/** Durham County ABC Board: its own site, server-rendered HTML (lib/ingest/sources/durham.ts). */
export const DURHAM_BOARD_ID = 78;

/** Greensboro ABC Board: a NetSuite SuiteCommerce storefront, JSON (lib/ingest/sources/greensboro.ts). */
export const GREENSBORO_BOARD_ID = 58;

/** New Hanover County ABC Board: on the shared ABC/GO platform, JSON (lib/ingest/sources/abcgo.ts). */
export const NEW_HANOVER_BOARD_ID = 135;

/** The boards beyond Wake whose stores are in the reference data (prisma/seed-data/board-stores.json). */
export const OTHER_STORE_BOARD_IDS = [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID] as const;

// Board ids are the NC ABC Commission's (prisma/seed-data/nc-boards.csv). Which boards' store shelves the
// scraper reads is data, not code: prisma/seed-data/board-sources.json, loaded into board_sources
// (docs/decisions/021-a-board-is-data.md; lib/reference/shelf-boards.ts, lib/ingest/board-sources.ts).

/** Wake County ABC Board: the spec's board, the default wherever a board is chosen. */
export const WAKE_BOARD_ID = 179;

// The boards beyond Wake whose shelves are read today, by name for the simulator's fixtures, the reference
// data tool and the tests that exercise each platform. The product itself never branches on them.

/** Durham County ABC Board: its own site, server-rendered HTML (platform durham). */
export const DURHAM_BOARD_ID = 78;

/** Greensboro ABC Board: a NetSuite SuiteCommerce storefront, JSON (platform suitecommerce). */
export const GREENSBORO_BOARD_ID = 58;

/** New Hanover County ABC Board: on the shared ABC/GO platform, JSON (platform abcgo). */
export const NEW_HANOVER_BOARD_ID = 135;

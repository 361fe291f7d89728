// Board ids are the NC ABC Commission's (prisma/seed-data/boards.csv). The boards whose stores the
// product follows store by store are named here, once, for ingest, reports and the tools.

/** Wake County ABC Board: store-level inventory from its public search (lib/ingest/poll-wake.ts). */
export const WAKE_BOARD_ID = 179;

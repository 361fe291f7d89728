-- The store-level inventory of Durham, Greensboro and New Hanover (ABC/GO) is polled: one run record per
-- board and poll (lib/reference/boards.ts COVERED_BOARDS).
ALTER TYPE "ScrapeSource" ADD VALUE 'durham_inventory';
ALTER TYPE "ScrapeSource" ADD VALUE 'greensboro_inventory';
ALTER TYPE "ScrapeSource" ADD VALUE 'new_hanover_inventory';

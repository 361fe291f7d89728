-- Every report query that reads a product's history also names the change types it wants (arrivals), so
-- ("plu", "change_type", "checked_at", "store_id") serves them all and ("plu", "checked_at") served none.
-- Each poll still paid to maintain it: one index insert per history row, ~1/6 of the statewide snapshot's
-- history write (npm run bench:ingest, statewide phases).
-- DropIndex
DROP INDEX "inventory_history_plu_checked_at_idx";

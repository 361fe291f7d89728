-- inventory_history holds every covered board's stores (lib/reference/boards.ts), so the report queries that
-- read a product's arrivals (the dates with arrivals, the nearest date, other drops) check the board on
-- store_id. With store_id in the index those scans stay index-only (docs/api/reports.md; measured on a year of
-- Wake history plus the other boards' hunted history: the dates with arrivals read 1,414 buffers instead of
-- 4,865 with heap fetches). The leading columns are the old index's, so every query that used it uses this one.
-- CreateIndex
CREATE INDEX "inventory_history_plu_change_type_checked_at_store_id_idx" ON "inventory_history"("plu", "change_type", "checked_at", "store_id");

-- DropIndex
DROP INDEX "inventory_history_plu_change_type_checked_at_idx";

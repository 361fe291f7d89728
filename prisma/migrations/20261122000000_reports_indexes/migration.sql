-- DropIndex
DROP INDEX "inventory_history_checked_at_idx";

-- CreateIndex
CREATE INDEX "inventory_history_checked_at_change_type_idx" ON "inventory_history"("checked_at", "change_type");

-- CreateIndex
CREATE INDEX "inventory_history_plu_change_type_checked_at_idx" ON "inventory_history"("plu", "change_type", "checked_at");

-- CreateIndex
CREATE INDEX "inventory_history_store_id_change_type_checked_at_idx" ON "inventory_history"("store_id", "change_type", "checked_at");

-- CreateIndex
CREATE INDEX "shipments_plu_ship_date_idx" ON "shipments"("plu", "ship_date");

-- Stores of boards beyond Wake (docs/decisions/013-boards-beyond-wake.md): an address key is unique per board
-- and kind (a retail store and a mixed-beverage outlet may share a street address), and a store can carry the
-- board's own id for it (Greensboro's inventory names locations by id, never by address).

-- DropIndex
DROP INDEX "stores_address_key_key";

-- AlterTable
ALTER TABLE "stores" ADD COLUMN "source_store_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "stores_board_id_address_key_mixed_beverage_key" ON "stores"("board_id", "address_key", "mixed_beverage");

-- CreateIndex
CREATE UNIQUE INDEX "stores_board_id_source_store_key_key" ON "stores"("board_id", "source_store_key");

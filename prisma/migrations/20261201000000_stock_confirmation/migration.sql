-- Stock that was not confirmed ages visibly (docs/decisions/006-ingestion-on-the-real-pages.md): when each
-- board was last asked about a product, when it last answered with the product's whole shelf (stock per
-- store or 0 everywhere), and when a store's quantity was last confirmed by an answer that named only some
-- stores (a partial answer). A store's stock was last confirmed at the latest of its last change
-- (store_inventory.last_updated), its own confirmation and its board's last whole answer.
-- AlterTable
ALTER TABLE "board_product_polls" ADD COLUMN "asked_at" TIMESTAMPTZ(3),
ADD COLUMN "answered_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "store_inventory" ADD COLUMN "confirmed_at" TIMESTAMPTZ(3);

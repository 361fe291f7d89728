-- Which PLUs a board's store inventory has answered for (found or not): the evidence that makes a later
-- first sighting a debut (arrivals) rather than a baseline. Replaces products.wake_first_polled_at, which
-- could not record a search for a PLU the catalog did not know yet.
CREATE TABLE "board_product_polls" (
    "board_id" INTEGER NOT NULL,
    "plu" TEXT NOT NULL,
    "first_polled_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "board_product_polls_pkey" PRIMARY KEY ("board_id","plu")
);

ALTER TABLE "board_product_polls" ADD CONSTRAINT "board_product_polls_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Wake (board 179) is the only board polled so far.
INSERT INTO "board_product_polls" ("board_id", "plu", "first_polled_at")
SELECT 179, p."plu", p."wake_first_polled_at"
  FROM "products" p
 WHERE p."wake_first_polled_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "boards" b WHERE b."id" = 179);

ALTER TABLE "products" DROP COLUMN "wake_first_polled_at";

-- How far arrival alerts have collected inventory_history: arrivals after it are collected by the next
-- alert step, however long the step failed. One row.
CREATE TABLE "alert_cursor" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "last_history_id" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_cursor_pkey" PRIMARY KEY ("id")
);

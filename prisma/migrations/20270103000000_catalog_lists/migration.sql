-- Weeks ahead (issue 40): the Commission's price list and its allocated and limited list, read daily. The catalog keeps
-- what they print (age, proof, the list price, whether the allocated list names the product), and every step of a
-- product's journey they and the warehouse report show is a product_events row with its day.
ALTER TABLE "products"
  ADD COLUMN "age" TEXT,
  ADD COLUMN "proof" DECIMAL(5,1),
  ADD COLUMN "list_price" DECIMAL(10,2),
  ADD COLUMN "state_list" "ListingType";

CREATE TYPE "ProductEventKind" AS ENUM ('announced', 'price', 'listing', 'received');

CREATE TABLE "product_events" (
  "id" BIGSERIAL NOT NULL,
  "plu" TEXT NOT NULL,
  "kind" "ProductEventKind" NOT NULL,
  "day" DATE NOT NULL,
  "seen_at" TIMESTAMPTZ(3) NOT NULL,
  "source" TEXT NOT NULL,
  "from_value" TEXT,
  "to_value" TEXT,
  "bottles" INTEGER,
  CONSTRAINT "product_events_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "product_events_source_check" CHECK ("source" IN ('price_list', 'allocated_list', 'warehouse')),
  CONSTRAINT "product_events_bottles_check" CHECK (("kind" = 'received') = ("bottles" IS NOT NULL) AND ("bottles" IS NULL OR "bottles" > 0))
);

CREATE INDEX "product_events_plu_seen_at_idx" ON "product_events"("plu", "seen_at");
CREATE INDEX "product_events_kind_id_idx" ON "product_events"("kind", "id");

ALTER TABLE "product_events" ADD CONSTRAINT "product_events_plu_fkey" FOREIGN KEY ("plu") REFERENCES "products"("plu") ON DELETE CASCADE ON UPDATE CASCADE;

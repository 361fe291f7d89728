-- A product's journey (issue 40) lists the forecasts of all its shipments, open or closed, the latest first:
-- incoming by product and time, so the product page does not scan every board's forecasts.

-- CreateIndex
CREATE INDEX "incoming_plu_created_at_idx" ON "incoming"("plu", "created_at");

-- Stock ages by the clock, not only per ask (docs/decisions/006-ingestion-on-the-real-pages.md): when the
-- scraper, at its latest ask about a product, meant to ask the board again (the product's tier: every cycle,
-- once a day, or the board's cadence; at the schedule's next cycle). Stock not confirmed by then, with a
-- grace for a poll in progress, shows "last seen", even when the scraper stopped asking altogether.
-- AlterTable
ALTER TABLE "board_product_polls" ADD COLUMN "next_ask_at" TIMESTAMPTZ(3);

-- A board is data (docs/decisions/021-a-board-is-data.md): the boards whose shelves the scraper reads are rows
-- of board_sources, loaded from prisma/seed-data/board-sources.json by the reference refresh that runs right
-- after the migrations (lib/reference/refresh.ts), not by this migration. Runs name their source by the entry's
-- key (text, no enum to extend) and the board they read.

-- CreateTable
CREATE TABLE "board_sources" (
    "key" TEXT NOT NULL,
    "board_id" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "store_key" TEXT NOT NULL,
    "poll_minutes" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "delay_ms" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_sources_pkey" PRIMARY KEY ("key")
);
-- No CHECK constraints (schema.prisma cannot declare them; lib/db/schema-matches-migrations.db.test.ts):
-- the one writer, the reference refresh, writes only entries lib/reference/board-sources.ts accepted
-- (platform, store_key for the platform, poll_minutes 15-1440, concurrency 1-3, delay_ms >= 0).

-- CreateIndex
CREATE UNIQUE INDEX "board_sources_board_id_key" ON "board_sources"("board_id");

-- AddForeignKey
ALTER TABLE "board_sources" ADD CONSTRAINT "board_sources_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Announced on the change feed (lib/db/changes.ts): the covered boards' answer reads it.
CREATE TRIGGER "board_sources_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "board_sources" FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change();

-- scrape_runs.source: the enum becomes text (an entry's key, or wake_locator | warehouse | shipments).
ALTER TABLE "scrape_runs" ALTER COLUMN "source" TYPE TEXT USING "source"::text;
DROP TYPE "ScrapeSource";

-- The board a run read: shelf sources and Wake's locator; null for the statewide sources.
ALTER TABLE "scrape_runs" ADD COLUMN "board_id" INTEGER;
UPDATE "scrape_runs" SET "board_id" = CASE "source"
    WHEN 'wake_inventory' THEN 179 WHEN 'wake_locator' THEN 179 WHEN 'durham_inventory' THEN 78
    WHEN 'greensboro_inventory' THEN 58 WHEN 'new_hanover_inventory' THEN 135 END
  WHERE "source" IN ('wake_inventory', 'wake_locator', 'durham_inventory', 'greensboro_inventory', 'new_hanover_inventory')
    AND EXISTS (SELECT 1 FROM "boards" b WHERE b."id" = CASE "source"
      WHEN 'wake_inventory' THEN 179 WHEN 'wake_locator' THEN 179 WHEN 'durham_inventory' THEN 78
      WHEN 'greensboro_inventory' THEN 58 WHEN 'new_hanover_inventory' THEN 135 END);
ALTER TABLE "scrape_runs" ADD CONSTRAINT "scrape_runs_board_id_fkey" FOREIGN KEY ("board_id") REFERENCES "boards"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "scrape_runs_board_id_started_at_idx" ON "scrape_runs"("board_id", "started_at");

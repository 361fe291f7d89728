-- Dead runs are closed promptly (docs/decisions/006-ingestion-on-the-real-pages.md): each run records the
-- scraper that runs it — its host and process id (on the embedded database, where every connection shares
-- one session, a run is dead when that process is gone) and the backend of the connection holding the
-- scraper's advisory lock (on a Postgres server, a run is dead when that session no longer holds it). The
-- next health read or scraper start finds open runs through the status index.
-- AlterTable
ALTER TABLE "scrape_runs" ADD COLUMN "runner_host" TEXT,
ADD COLUMN "runner_pid" INTEGER,
ADD COLUMN "runner_session" INTEGER;

-- CreateIndex
CREATE INDEX "scrape_runs_status_idx" ON "scrape_runs"("status");

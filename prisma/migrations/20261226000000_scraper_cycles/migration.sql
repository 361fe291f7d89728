-- Never stuck (issue 36, docs/decisions/029-a-cycle-has-a-deadline.md): each scraper cycle is recorded, so a
-- stalled scraper shows (/api/health, /admin, the compose healthcheck) when no cycle has finished for two
-- intervals, and each stall is told to the admins once.

-- CreateEnum
CREATE TYPE "CycleStatus" AS ENUM ('running', 'finished', 'abandoned', 'failed');

-- CreateTable
CREATE TABLE "scraper_cycles" (
    "id" SERIAL NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    "status" "CycleStatus" NOT NULL DEFAULT 'running',
    "step" TEXT,
    "error" TEXT,
    "runner_host" TEXT,
    "runner_pid" INTEGER,

    CONSTRAINT "scraper_cycles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scraper_stalls" (
    "since" TIMESTAMPTZ(3) NOT NULL,
    "noticed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "admins_told" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "scraper_stalls_pkey" PRIMARY KEY ("since")
);

-- CreateIndex
CREATE INDEX "scraper_cycles_status_finished_at_idx" ON "scraper_cycles"("status", "finished_at");

-- CreateIndex
CREATE INDEX "scraper_cycles_started_at_idx" ON "scraper_cycles"("started_at");

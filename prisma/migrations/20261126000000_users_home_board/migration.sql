-- A user's home board: the covered board (lib/reference/boards.ts) the report screens show when the address
-- names none. Null: Wake.
-- AlterTable
ALTER TABLE "users" ADD COLUMN "home_board_id" INTEGER;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_home_board_id_fkey" FOREIGN KEY ("home_board_id") REFERENCES "boards"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Arrival alerts per board: the covered boards whose stores alert a user. Settings saved before boards
-- beyond Wake were polled were Wake's.

-- AlterTable
ALTER TABLE "alert_settings" ADD COLUMN "board_ids" INTEGER[] DEFAULT ARRAY[179]::INTEGER[];

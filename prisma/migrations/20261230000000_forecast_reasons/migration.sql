-- Why a store is named, in a few words (issue 37): the board habit its forecast rests on ("next in Wake's
-- Allocation rotation", "gets every Allocation", "Saturday drop", "only when 24 or more bottles come";
-- lib/forecast/model.ts). Null for a forecast with no habit to tell (a store listed, not named), and for rows
-- written before it.
ALTER TABLE "forecasts" ADD COLUMN "reason" TEXT;

-- The named forecast that covered a shelf arrival (board, store, product, time), if any: its store or the board as
-- a whole, named before the arrival, the arrival's New York day inside its window; the latest incoming first. With
-- the lead in minutes. SQL and STABLE, so Postgres inlines it into the caller's query. The rule scoreArrivals
-- scores with (lib/forecast/forecast.ts) and the arrival alert's "a forecast named it" both use it.
CREATE OR REPLACE FUNCTION nbt_forecast_cover(board integer, store integer, product text, arrived timestamptz)
RETURNS TABLE (forecast_id bigint, lead_minutes integer) LANGUAGE sql STABLE AS $$
  SELECT f.id, floor(extract(epoch FROM arrived - f.named_at) / 60)::int
    FROM incoming i JOIN forecasts f ON f.incoming_id = i.id
   WHERE i.board_id = board AND i.plu = product AND (f.store_id = store OR f.store_id IS NULL) AND f.named AND f.named_at <= arrived
     AND (arrived AT TIME ZONE 'America/New_York')::date BETWEEN f.window_start AND f.window_end
   ORDER BY i.ship_date DESC
   LIMIT 1
$$;

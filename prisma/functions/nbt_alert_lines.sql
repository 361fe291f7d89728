-- What a message's alerts say (lib/alerts/claimed.ts): each alert's product and store with the history row of a
-- shelf arrival, or the board and units of a shipment, or a forecast shipment with its board and its named forecasts
-- (by likelihood); for a shelf arrival, the forecast that covered it and whether forecasting had begun by then.
-- PL/pgSQL with a generic plan, so a worker's connection plans it once (docs/decisions/026).
CREATE OR REPLACE FUNCTION nbt_alert_lines(alert_ids bigint[])
RETURNS TABLE (
  alert_id text, plu text, name text, listing_type text, retail_price float8,
  store_id integer, store_number integer, nickname text, address text,
  new_quantity integer, previous_quantity integer, delta integer, change_type text, checked_at timestamptz,
  shipment_id text, board_id integer, board_name text, board_stores integer, retail_stores integer,
  only_store json, ship_date text, units integer, cases integer, last_whole text, incomplete text[],
  incoming_id text, incoming_precision text, forecasts json,
  forecast_lead integer, forecasting boolean
) LANGUAGE plpgsql STABLE
-- One plan for every call: with the ids unknown at planning, a custom plan per call would be planned each time.
SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT l.id::text, p.plu, p.name, p.listing_type::text, p.retail_price::float8,
           s.id, s.store_number, s.nickname, s.address,
           h.new_quantity, h.previous_quantity, h.delta, h.change_type::text, h.checked_at::timestamptz,
           sh.id::text, sh.board_id, b.name_clean, bst.stores, bst.retail,
           bst.only_store, to_char(sh.ship_date, 'YYYY-MM-DD'), sh.units,
           -- As lib/reports/sql.ts casesOf: rounded up, an unknown case size counted as 6.
           (CASE WHEN sh.units > 0 THEN ceil(sh.units::numeric / COALESCE(NULLIF(p.bottles_per_case, 0), 6))::int ELSE 0 END),
           to_char(w.last_whole, 'YYYY-MM-DD'), inc.days,
           i.id::text, i.precision, fc.named,
           cover.lead_minutes, (h.id IS NOT NULL AND EXISTS (SELECT 1 FROM incoming i0 WHERE i0.created_at <= h.checked_at))
      FROM alert_log l
      LEFT JOIN inventory_history h ON h.id = l.history_id
      LEFT JOIN stores s ON s.id = h.store_id
      LEFT JOIN incoming i ON i.id = l.incoming_id
      -- A forecast alert's shipment is its incoming's: the same board, day, units and words.
      LEFT JOIN shipments sh ON sh.id = COALESCE(l.shipment_id, i.shipment_id)
      LEFT JOIN boards b ON b.id = sh.board_id
      JOIN products p ON p.plu = COALESCE(h.plu, sh.plu)
      LEFT JOIN LATERAL (
        SELECT count(*)::int AS stores, count(*) FILTER (WHERE NOT st.mixed_beverage)::int AS retail,
               (CASE WHEN count(*) = 1 THEN json_build_object('store_id', min(st.id), 'store_number', min(st.store_number),
                                                               'nickname', min(st.nickname), 'address', min(st.address)) END) AS only_store
          FROM stores st WHERE st.board_id = sh.board_id) bst ON sh.id IS NOT NULL
      -- The last day before the shipment's with a whole report for its board: the days after it had none, and
      -- their shipments are counted in this one (docs/decisions/022-the-extract-says-what-it-does-not-know.md).
      LEFT JOIN LATERAL (
        SELECT max(d.ship_date) AS last_whole FROM shipment_days d
         WHERE d.applied AND d.ship_date < sh.ship_date AND NOT (sh.board_id = ANY (d.missing_board_ids))) w ON sh.id IS NOT NULL
      LEFT JOIN LATERAL (
        SELECT array_agg(to_char(d.ship_date, 'YYYY-MM-DD')) AS days FROM shipment_days d
         WHERE d.ship_date > w.last_whole AND d.ship_date < sh.ship_date) inc ON sh.id IS NOT NULL
      -- A forecast alert's named forecasts, most likely first (the store, or the board as a whole: store_id null).
      LEFT JOIN LATERAL (
        SELECT json_agg(json_build_object('store_id', f.store_id, 'store_number', fs.store_number, 'nickname', fs.nickname,
                                          'likelihood', f.likelihood, 'expected', to_char(f.expected_date, 'YYYY-MM-DD'),
                                          'window_start', to_char(f.window_start, 'YYYY-MM-DD'), 'window_end', to_char(f.window_end, 'YYYY-MM-DD'))
                        ORDER BY f.likelihood DESC, fs.nickname) AS named
          FROM forecasts f LEFT JOIN stores fs ON fs.id = f.store_id
         WHERE f.incoming_id = i.id AND f.named) fc ON i.id IS NOT NULL
      -- A shelf arrival: the named forecast that covered it (scoreArrivals' rule).
      LEFT JOIN LATERAL nbt_forecast_cover(s.board_id, h.store_id, h.plu, h.checked_at) cover ON h.id IS NOT NULL
     WHERE l.id = ANY (alert_ids);
END
$$;

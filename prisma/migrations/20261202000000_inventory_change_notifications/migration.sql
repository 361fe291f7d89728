-- The change feed (lib/db/changes.ts, decision 014) for the answers kept since issue 23: a store's inventory
-- and Current Inventory (allocated-current) read store_inventory and board_product_polls (how sure each number
-- is: lib/reports/stock-age.ts); neither announced its writes. Every other table those answers, store
-- history, the store list and delivery analysis read (inventory_history, products, stores, shipments) has its
-- trigger since 20261127000000_change_notifications, whose function this uses. Statement-level, announced at
-- commit, once per transaction and table: a poll that writes thousands of cells costs one notification each.
-- (The names are lib/db/changes.ts's WatchedTable.)
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_inventory', 'board_product_polls'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION nbt_notify_change()', t || '_changes', t);
  END LOOP;
END
$$;

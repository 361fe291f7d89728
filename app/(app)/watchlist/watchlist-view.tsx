'use client';

import { useCallback, useMemo, useRef } from 'react';
import { WATCHLIST_MESSAGES } from '@/lib/watchlist/rules';
import type {
  AddedAnswer,
  DefaultProduct,
  DefaultProductsAnswer,
  Preference,
  PreferencesAnswer,
  RemovedAnswer,
  WatchItem,
  WatchItemsAnswer,
} from '@/lib/watchlist/types';
import { CatalogSearch, type SearchStatus } from './catalog-search';
import { getJson } from '../../_components/data/get-json';
import type { Refused } from '../../_components/data/refusal';
import { useResource, type Loaded, type ResourceState } from '../../_components/data/use-resource';
import { failure, useSubmit } from '../../_components/form';
import { failureText, watchlistPaths } from './client';
import { CustomItemForm } from './custom-item-form';
import { DefaultProducts } from './default-products';
import { MyItems } from './my-items';

interface Defaults {
  products: DefaultProduct[];
  preferences: Preference[];
}

// Every failure of a load, a refusal too, says the spec's words for it.

async function loadDefaults(signal: AbortSignal): Promise<Loaded<Defaults>> {
  const [products, preferences] = await Promise.all([
    getJson<DefaultProductsAnswer>(watchlistPaths.defaultProducts, WATCHLIST_MESSAGES.loadDefaults, signal),
    getJson<PreferencesAnswer>(watchlistPaths.preferences, WATCHLIST_MESSAGES.loadDefaults, signal),
  ]);
  if (!products.ok || !preferences.ok) return { ok: false, error: WATCHLIST_MESSAGES.loadDefaults };
  return { ok: true, data: { products: products.data.data, preferences: preferences.data.data } };
}

async function loadItems(signal: AbortSignal): Promise<Loaded<WatchItem[]>> {
  const res = await getJson<WatchItemsAnswer>(watchlistPaths.items, WATCHLIST_MESSAGES.loadItems, signal);
  return res.ok ? { ok: true, data: res.data.data } : { ok: false, error: WATCHLIST_MESSAGES.loadItems };
}

/** A Try Again shows the loading state until the new answer comes, not the failure it retries. */
function shown<T>({ state, refreshing }: { state: ResourceState<T>; refreshing: boolean }): ResourceState<T> {
  return state.status === 'error' && refreshing ? { status: 'loading' } : state;
}

/** What the server page rendered (each part null when it could not; the screen then loads it itself). */
export interface WatchlistFirst {
  defaults: Defaults | null;
  items: WatchItem[] | null;
}

/** A placeholder id for a switch-off the server has not answered yet. */
const PENDING_ID = -1;

/**
 * The watchlist screen's state: the default list with the user's preferences (which products are
 * switched off) and the user's own items. Switches update at once and follow the server's answer: a
 * failed call puts the switch back and says so.
 */
export function WatchlistView({ premiumMinPrice, first }: { premiumMinPrice: number; first?: WatchlistFirst }) {
  const defaultsResource = useResource<Defaults>('defaults', loadDefaults, WATCHLIST_MESSAGES.loadDefaults, {
    initial: first?.defaults && { key: 'defaults', data: first.defaults },
  });
  const itemsResource = useResource<WatchItem[]>('items', loadItems, WATCHLIST_MESSAGES.loadItems, {
    initial: first?.items && { key: 'items', data: first.items },
  });
  const defaults = defaultsResource.state.status === 'ready' ? defaultsResource.state.data.products : null;
  const prefs = useMemo(() => (defaultsResource.state.status === 'ready' ? defaultsResource.state.data.preferences : []), [defaultsResource.state]);
  const items = itemsResource.state.status === 'ready' ? itemsResource.state.data : null;
  const { update: updateDefaults } = defaultsResource;
  const setPrefs = useCallback(
    (change: (current: Preference[]) => Preference[]) => updateDefaults((d) => ({ ...d, preferences: change(d.preferences) })),
    [updateDefaults],
  );
  const setItems = itemsResource.update;
  // Keyed by PLU: switches run side by side, each waiting for its own answer.
  const switches = useSubmit<string>({ failed: WATCHLIST_MESSAGES.updateFailed });

  // Each switch takes a number when it starts, so a re-read knows which switches happened while it was out.
  const switchClock = useRef(0);
  const lastSwitch = useRef(new Map<string, number>());

  /** Re-reads the preferences after a refused switch, so the screen shows what the server holds. */
  async function resyncPreferences() {
    const askedAt = switchClock.current;
    const res = await getJson<PreferencesAnswer>(watchlistPaths.preferences, WATCHLIST_MESSAGES.loadDefaults);
    if (!res.ok) return; // the rolled-back state stays; the next load corrects it
    const fresh = res.data.data;
    // A switch still waiting, or one made after the re-read was asked, is newer than its answer: it stays.
    const newer = (plu: string) => switches.isBusy(plu) || (lastSwitch.current.get(plu) ?? 0) > askedAt;
    setPrefs((current) => [...fresh.filter((p) => !newer(p.plu)), ...current.filter((p) => newer(p.plu))]);
  }

  const offByPlu = useMemo(() => {
    const map = new Map<string, number>();
    for (const p of prefs) if (p.interest_type === 'not_interested') map.set(p.plu, p.watch_id);
    return map;
  }, [prefs]);

  /** Switch a default product on (delete its not_interested preference) or off (add one). */
  function setWatching(product: DefaultProduct, watching: boolean) {
    const { plu } = product;
    const before = prefs.find((p) => p.plu === plu);
    if (watching && before?.watch_id === PENDING_ID) return;
    const restore = () =>
      setPrefs((current) => [...current.filter((p) => p.plu !== plu), ...(before ? [before] : [])]);
    /** The switch goes back; after a refusal (not a lost connection) the preferences are read again. */
    const undo = (res: Refused) => {
      restore();
      if (!res.network) void resyncPreferences();
      return failure(failureText(WATCHLIST_MESSAGES.updateFailed, res));
    };

    void switches.run(async () => {
      lastSwitch.current.set(plu, ++switchClock.current);
      setPrefs((current) =>
        watching
          ? current.filter((p) => p.plu !== plu)
          : [...current.filter((p) => p.plu !== plu), { watch_id: PENDING_ID, plu, interest_type: 'not_interested' }],
      );
      if (watching) {
        if (!before) return; // nothing to delete: already on
        const res = await switches.send<RemovedAnswer>(watchlistPaths.item(before.watch_id), { method: 'DELETE' });
        if (!res.ok) return undo(res);
      } else {
        const res = await switches.send<AddedAnswer>(watchlistPaths.items, { method: 'POST', body: { plu, interest_type: 'not_interested' } });
        if (!res.ok) return undo(res);
        const { watchId } = res.data;
        setPrefs((current) => [
          ...current.filter((p) => p.plu !== plu),
          { watch_id: watchId, plu, interest_type: 'not_interested' },
        ]);
      }
    }, plu);
  }

  const { reload: reloadItems } = itemsResource;
  const itemsShown = itemsResource.state.status === 'ready';
  /**
   * A new item (from search or the custom form) joins the list and the preferences. When the list failed to
   * load there is nothing to add it to: the list is loaded again, the new item with it.
   */
  const onAdded = useCallback((item: WatchItem) => {
    if (itemsShown) setItems((current) => [item, ...current.filter((i) => i.watch_id !== item.watch_id)]);
    else reloadItems();
    setPrefs((current) => [
      ...current.filter((p) => p.plu !== item.plu),
      { watch_id: item.watch_id, plu: item.plu, interest_type: item.interest_type },
    ]);
  }, [itemsShown, reloadItems, setItems, setPrefs]);

  const onItemChanged = useCallback(
    (item: WatchItem) => setItems((current) => current.map((i) => (i.watch_id === item.watch_id ? item : i))),
    [setItems],
  );

  const onItemRemoved = useCallback(
    (item: WatchItem) => {
      setItems((current) => current.filter((i) => i.watch_id !== item.watch_id));
      setPrefs((current) => current.filter((p) => p.watch_id !== item.watch_id));
    },
    [setItems, setPrefs],
  );

  const defaultByPlu = useMemo(() => new Map((defaults ?? []).map((p) => [p.plu, p])), [defaults]);
  const itemPlus = useMemo(() => new Set((items ?? []).map((i) => i.plu)), [items]);
  const searchStatus = useCallback(
    (plu: string): SearchStatus => {
      if (itemPlus.has(plu)) return 'item';
      if (defaultByPlu.has(plu)) return offByPlu.has(plu) ? 'default-off' : 'default-on';
      return 'none';
    },
    [itemPlus, defaultByPlu, offByPlu],
  );

  const watchingDefaults = defaults ? defaults.filter((p) => !offByPlu.has(p.plu)).length : null;

  return (
    <>
      <nav className="wl-summary" aria-label="Watchlist sections">
        <a href="#default-products">
          Default products
          {defaults && watchingDefaults !== null && (
            <span className="wl-summary-count" data-testid="watching-count">
              {watchingDefaults} of {defaults.length} watched
            </span>
          )}
        </a>
        <a href="#add-products">Add products</a>
        <a href="#my-items">
          Your items
          {items && <span className="wl-summary-count">{items.length}</span>}
        </a>
      </nav>

      <DefaultProducts
        state={shown(defaultsResource)}
        onRetry={defaultsResource.reload}
        offByPlu={offByPlu}
        isSwitching={switches.isBusy}
        onSwitch={setWatching}
        notice={switches.message}
        onDismissNotice={() => switches.show(null)}
        premiumMinPrice={premiumMinPrice}
      />

      <section id="add-products" className="card stack wl-section" aria-labelledby="add-heading">
        <div>
          <h2 id="add-heading">Add products</h2>
          <p className="muted small">
            Search the state catalog for anything that is not on the default list, or add a product the catalog does not
            have yet by its PLU. Added products are checked at every Wake County store each scraper cycle while they are
            active.
          </p>
        </div>
        <div className="wl-add-grid">
          <CatalogSearch statusOf={searchStatus} onAdded={onAdded} />
          <CustomItemForm onAdded={onAdded} />
        </div>
      </section>

      <MyItems
        state={shown(itemsResource)}
        onRetry={itemsResource.reload}
        onChanged={onItemChanged}
        onRemoved={onItemRemoved}
      />
    </>
  );
}

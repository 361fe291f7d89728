// The other boards' inventory answers (sources.md §6), from the same world as Wake's pages:
// - Durham County ABC (its own site, HTML): GET /search?q= (product cards) and GET /products/<NCCODE>
//   (name, price, badge and a Store | Address | Phone | Hours | Availability | Directions table);
// - Greensboro ABC (NetSuite SuiteCommerce, JSON): GET /api/items?q=&limit=&offset= (every location's
//   quantity, zeros included) and GET /scs/services/Location.Service.ss?page= (the location ids);
// - ABC/GO (New Hanover, JSON): POST <board>/api/inventory/search and POST <board>/api/inventory/details.
// Each prints the world's shelves exactly (boardStockOf); the `drift` shape of each platform prints the same
// facts the other ways the adapters accept (lib/ingest/sources/*.test.ts), and `broken` is the "changed
// page" fault (bad-html): a shape the adapters must refuse.
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID } from '../lib/reference/boards.ts';
import { nyDateTime, nyLocal } from './clock.ts';
import { GREENSBORO_LOCATIONS, type GreensboroLocationSpec, type SimProduct, type SimStore } from './dataset.ts';
import { hashInt } from './random.ts';
import { escapeHtml, reportSize, splitAddress } from './render.ts';
import type { SimWorld } from './world.ts';

/** The shapes of the other boards' answers: as sources.md documents them, or drifted (the same facts, other spellings). */
export const BOARD_MARKUPS = ['documented', 'drift'] as const;
export type BoardMarkup = (typeof BOARD_MARKUPS)[number];

export interface BoardRenderOptions {
  /** The "changed page" fault (bad-html): a shape the adapters refuse. */
  broken?: boolean;
  /** The "nothing matched" fault: the site's own answer that it found nothing, whatever is on the shelves. */
  nothing?: boolean;
  /** Default 'documented'. */
  markup?: BoardMarkup;
}

/** Durham's search shows at most this many cards. */
export const DURHAM_SEARCH_LIMIT = 100;
/** The items API's largest page (its `limit`; the adapter asks for 50). */
export const GREENSBORO_MAX_LIMIT = 100;
export const GREENSBORO_LOCATOR_PAGE = 20;

const BADGES: Record<string, string> = { Allocation: 'Allocated', Limited: 'Limited / Allocated', Barrel: 'Barrel', Unknown: 'New Arrival' };
const CATEGORIES: [RegExp, string][] = [
  [/bourbon|ksbw|bottled in bond|\bbib\b/i, 'Bourbon'],
  [/\brye\b/i, 'Rye Whiskey'],
  [/scotch|single malt/i, 'Scotch'],
  [/whisk/i, 'Whiskey'],
  [/vodka/i, 'Vodka'],
  [/\bgin\b/i, 'Gin'],
  [/tequila|mezcal/i, 'Tequila'],
  [/\brum\b/i, 'Rum'],
  [/brandy|cognac/i, 'Brandy'],
  [/liqueur|cream|schnapps/i, 'Cordials & Liqueurs'],
];

/** Durham's category badge: the allocation kind, or an ordinary category from the name (never digits). */
export function durhamBadge(p: SimProduct): string {
  return BADGES[p.listingType] ?? CATEGORIES.find(([re]) => re.test(p.name))?.[1] ?? 'Spirits';
}

/** A board's shelf price: the catalog's, or (46 catalog products print none on Wake) a fixed made-up one. */
export function boardPrice(p: SimProduct): number {
  return Number(p.retailPrice ?? `${hashInt(15, 60, 'board-price', p.plu)}.95`);
}

/** The retail stores of a board holding a product now, with bottles (nothing while the product is not findable). */
function holding(world: SimWorld, boardId: number, p: SimProduct): { store: SimStore; quantity: number }[] {
  if (!world.onWake(p)) return [];
  return world
    .retailStoresOf(boardId)
    .map((store) => ({ store, quantity: world.quantityAt(store, p) }))
    .filter((s) => s.quantity > 0);
}

/** The street line and "City, NC zip" a board prints for a store (respellings included). */
function addressLines(world: SimWorld, store: SimStore): [string, string] {
  const printed = world.printedAddress(store);
  // board-stores.json's street line may hold a comma ("1515 North Pointe Dr, Suite 101"): split at the city.
  const at = world.isRespelled(store) ? -1 : printed.lastIndexOf(`, ${store.city}, `);
  return at < 0 ? splitAddress(printed) : [printed.slice(0, at), printed.slice(at + 2)];
}

// -------------------------------------------------------------------------------------------------
// Durham County ABC

/** Durham's site around `main` (header with the search form, footer): result and error pages alike. */
export function durhamPage(title: string, main: string, query = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${title}</title>
  <link rel="stylesheet" href="/assets/app.css">
</head>
<body>
  <header class="site-header">
    <a href="/" class="logo">Durham ABC</a>
    <nav><a href="/stores">Stores</a> <a href="/about">About</a></nav>
    <form action="/search" method="get" class="search"><input name="q" type="search" value="${escapeHtml(query)}"><button type="submit">Search</button></form>
  </header>
  <main class="container">
${main}
  </main>
  <footer><p>&copy; Durham County ABC Board</p></footer>
</body>
</html>
`;
}

/** The NC code in a Durham link: drifted links are absolute and dashed ("https://durhamabc.com/products/27-090"). */
function durhamHref(plu: string, query: string, markup: BoardMarkup): string {
  const q = query ? `?q=${encodeURIComponent(query)}` : '';
  return markup === 'drift' ? `https://durhamabc.com/products/${plu.slice(0, 2)}-${plu.slice(2)}${q}` : `/products/${plu}${q}`;
}

/** GET /search?q=<term>: a card per product found (exact code or name substring), or "No products found". */
export function renderDurhamSearch(world: SimWorld, query: string, options: BoardRenderOptions = {}): string {
  const markup = options.markup ?? 'documented';
  const products = options.nothing ? [] : world.search(query.replace(/^(\d{2})-(\d{3})$/, '$1$2'), DURHAM_SEARCH_LIMIT);
  const heading = `    <h1>Search results for &ldquo;${escapeHtml(query)}&rdquo;</h1>`;
  let body: string;
  if (options.broken) {
    // A redesign: tiles without links to the product pages, and another empty-state wording.
    const tiles = products.map((p) => `      <div class="product-tile" data-code="${p.plu}"><span class="badge">${escapeHtml(durhamBadge(p))}</span><h3>${escapeHtml(p.name)}</h3></div>`);
    body = tiles.length ? `    <div class="grid">\n${tiles.join('\n')}\n    </div>` : '    <p>Nothing matched your search.</p>';
  } else if (products.length === 0) {
    body = `    <div class="empty-state">\n      <p>No products found.</p>\n      <p>Try a different name or an NC code, e.g. 27090.</p>\n    </div>`;
  } else {
    const cards = products.map(
      (p) => `      <a href="${escapeHtml(durhamHref(p.plu, query, markup))}" class="card">
        <img src="/images/${p.plu}.jpg" alt="">
        <span class="badge">${escapeHtml(durhamBadge(p))}</span>
        <h3>${escapeHtml(p.name)}</h3>
        <p class="price">$${boardPrice(p).toFixed(2)}</p>
      </a>`,
    );
    body = `    <p class="muted">${products.length} products</p>\n    <div class="grid">\n${cards.join('\n')}\n    </div>`;
  }
  return durhamPage(`Search: ${escapeHtml(query)} | Durham County ABC`, `${heading}\n${body}`, query);
}

/**
 * GET /products/<NCCODE> (dashes allowed): the product's name, price, badge and its store table. Documented:
 * a row per retail store, "In Stock (<span>N</span>)" or "Out of Stock". Drift: only the stores holding it,
 * "In Stock ( N )" as plain text. No store holds it: no table (price and badge stay). A code Durham does
 * not list (or a debut before its release): "Product Not Found".
 */
export function renderDurhamProduct(world: SimWorld, code: string, options: BoardRenderOptions = {}): string {
  const markup = options.markup ?? 'documented';
  const plu = code.replace(/-/g, '');
  const p = /^\d{5}$/.test(plu) && !options.nothing ? world.product(plu) : undefined;
  if (!p || !world.onWake(p)) {
    return durhamPage(
      'Product Not Found | Durham County ABC',
      `    <h1>Product Not Found</h1>\n    <p>We couldn't find that product. <a href="/search">Search the catalog</a>.</p>`,
    );
  }
  const stocked = new Map(holding(world, DURHAM_BOARD_ID, p).map((s) => [s.store, s.quantity]));
  const badge = options.broken && stocked.size === 0 ? '' : `      <span class="badge">${escapeHtml(durhamBadge(p))}</span>\n`;
  const head = `    <div class="product-head">
${badge}      <h1>${escapeHtml(p.name)}</h1>
      <p class="price">$${boardPrice(p).toFixed(2)}</p>
      <p class="size">${reportSize(p.sizeMl)}</p>
    </div>
    <h2>Availability by store</h2>`;
  if (stocked.size === 0) {
    return durhamPage(`${escapeHtml(p.name)} | Durham County ABC`, `${head}\n    <p class="muted">This product is not currently available at any store.</p>`);
  }
  const stores = markup === 'drift' ? [...stocked.keys()] : world.retailStoresOf(DURHAM_BOARD_ID);
  const rows = stores.map((store) => {
    const quantity = stocked.get(store) ?? 0;
    const [street, city] = addressLines(world, store);
    const availability = quantity === 0 ? 'Out of Stock' : markup === 'drift' ? `In Stock ( ${quantity} )` : `In Stock (<span>${quantity}</span>)`;
    const cells = options.broken
      ? [`${escapeHtml(store.nickname)}<br>${escapeHtml(street)}`, escapeHtml(store.phone), availability]
      : [escapeHtml(store.nickname), `${escapeHtml(street)}<br>${escapeHtml(city)}`, escapeHtml(store.phone), escapeHtml(store.hours), availability, `<a href="https://maps.google.com/?q=${encodeURIComponent(`${street} ${city}`)}">Directions</a>`];
    return `        <tr>\n${cells.map((c) => `          <td>${c}</td>`).join('\n')}\n        </tr>`;
  });
  const header = (options.broken ? ['Location', 'Phone', 'Availability'] : ['Store', 'Address', 'Phone', 'Hours', 'Availability', 'Directions']).map((h) => `<th>${h}</th>`).join('');
  return durhamPage(
    `${escapeHtml(p.name)} | Durham County ABC`,
    `${head}
    <table class="table stores">
      <thead>
        <tr>${header}</tr>
      </thead>
      <tbody>
${rows.join('\n')}
      </tbody>
    </table>`,
  );
}

// -------------------------------------------------------------------------------------------------
// Greensboro ABC (SuiteCommerce)

/** Every location of Greensboro's storefront now: its stores (by location id), the other locations, and added ones. */
export function greensboroLocations(world: SimWorld): { location: GreensboroLocationSpec; store: SimStore | null }[] {
  const stores = new Map(world.storesOf(GREENSBORO_BOARD_ID).map((s) => [s.locatorId, s]));
  const out = GREENSBORO_LOCATIONS.map((location) => {
    const store = stores.get(location.internalid) ?? null;
    const address1 = store && world.isRespelled(store) ? splitAddress(world.printedAddress(store))[0] : location.address1;
    return { location: { ...location, address1 }, store };
  });
  for (const location of world.greensboroExtraLocations()) out.push({ location, store: null });
  return out.sort((a, b) => a.location.internalid - b.location.internalid);
}

/** A Greensboro location's bottles of a product: a store's shelf; the warehouse some cases; an added location a few. */
function greensboroQuantity(world: SimWorld, location: GreensboroLocationSpec, store: SimStore | null, p: SimProduct): number {
  if (store) return world.onWake(p) ? world.quantityAt(store, p) : 0;
  const day = nyLocal(world.nowMillis()).dayNumber;
  if (location.internalid === 43) return 6 * hashInt(0, 20, world.seed, 'gso-warehouse', p.plu, day);
  if (GREENSBORO_LOCATIONS.some((l) => l.internalid === location.internalid)) return 0;
  return hashInt(0, 3, world.seed, 'gso-extra', location.internalid, p.plu, day);
}

/** Marks a quantity to print as a JSON float (2.0), which JSON.stringify cannot write. */
const FLOAT_MARK = '~float~';

/**
 * GET /api/items?q=<term>&limit=50&offset=<n>&fieldset=details…: `{ total, items }`, the products whose
 * exact code or name matches, paged by offset. Each item lists every location, zeros included. Drift:
 * numeric itemids and float quantities (2.0, "2.0"). Broken: items without the per-location quantities.
 */
export function renderGreensboroItems(world: SimWorld, params: URLSearchParams, options: BoardRenderOptions = {}): string {
  const markup = options.markup ?? 'documented';
  const q = (params.get('q') ?? '').trim();
  const offset = Math.max(0, Math.floor(Number(params.get('offset') ?? 0)) || 0);
  const limit = Math.min(GREENSBORO_MAX_LIMIT, Math.max(1, Math.floor(Number(params.get('limit') ?? 50)) || 50));
  const found = q && !options.nothing ? world.search(q, Infinity) : [];
  const locations = greensboroLocations(world);
  const items = found.slice(offset, offset + limit).map((p, k) => {
    const price = boardPrice(p);
    const quantities = locations.map(({ location, store }) => ({ internalid: location.internalid, quantity: greensboroQuantity(world, location, store, p) }));
    const item: Record<string, unknown> = {
      internalid: p.itemId,
      itemid: markup === 'drift' ? Number(p.plu) : p.plu,
      displayname: p.name,
      storedisplayname2: `${p.name} ${reportSize(p.sizeMl)}`,
      urlcomponent: p.nameLower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
      isinstock: quantities.some((l) => l.quantity > 0),
      custitem_abc_listing_type: p.listingType,
      custitem_abc_size: reportSize(p.sizeMl),
      onlinecustomerprice: price,
      onlinecustomerprice_detail: { onlinecustomerprice: price, onlinecustomerprice_formatted: `$${price.toFixed(2)}` },
      quantityavailable: quantities.reduce((sum, l) => sum + l.quantity, 0),
    };
    if (!options.broken) {
      item.quantityavailableforstorepickup_detail = {
        locations: quantities.map(({ internalid, quantity }, j) => ({
          internalid,
          // Drift alternates the two float spellings location by location.
          qtyavailableforstorepickup: markup !== 'drift' ? quantity : (j + k) % 2 === 0 ? `${quantity}.0` : `${FLOAT_MARK}${quantity}`,
          minimumpickuptime: 1,
        })),
      };
    }
    return item;
  });
  const body = JSON.stringify({ total: found.length, items });
  return markup === 'drift' ? body.replace(/"~float~(\d+)"/g, '$1.0') : body;
}

/**
 * GET /scs/services/Location.Service.ss?page=<p>&results_per_page=20: the locator, 20 records a page:
 * "Store N" in the board's own numbering, "Store 10 - MXB", "Home Office", "Law Enforcement", "Warehouse".
 * Broken: records without their internalid.
 */
export function renderGreensboroLocator(world: SimWorld, params: URLSearchParams, options: BoardRenderOptions = {}): string {
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? 1)) || 1);
  const perPage = Math.min(GREENSBORO_LOCATOR_PAGE, Math.max(1, Math.floor(Number(params.get('results_per_page') ?? GREENSBORO_LOCATOR_PAGE)) || GREENSBORO_LOCATOR_PAGE));
  const all = greensboroLocations(world);
  const records = all.slice((page - 1) * perPage, page * perPage).map(({ location, store }) => {
    const isStore = /^store\b/i.test(location.name);
    const record: Record<string, unknown> = {
      internalid: String(location.internalid),
      name: location.name,
      address1: location.address1,
      address2: '',
      city: location.city,
      state: 'NC',
      zip: store?.zip ?? '27405',
      country: 'US',
      phone: store?.phone ?? '',
      isavailableforstorepickup: isStore,
      locationtype: isStore ? '1' : '2',
      latitude: String(store?.lat ?? 36.07),
      longitude: String(store?.lng ?? -79.79),
      servicehours: [],
    };
    if (options.broken) {
      record.id = record.internalid;
      delete record.internalid;
    }
    return record;
  });
  return JSON.stringify({ page, recordsPerPage: perPage, totalRecordsFound: all.length, records });
}

// -------------------------------------------------------------------------------------------------
// ABC/GO

/** ABC/GO's "2026-07-18T09:12:33" (New York time) of a store's last delivery; null before any. */
function modifiedOn(world: SimWorld, stores: SimStore[]): string | null {
  const last = Math.max(...stores.map((s) => world.lastDeliveryOf(s)).filter(Number.isFinite));
  return Number.isFinite(last) ? nyDateTime(last).replace(' ', 'T') : null;
}

/**
 * POST /api/inventory/search {"filter": term}: the products whose exact code or name matches and that some
 * store of the board holds: Code, Brand, Size, Retail, OnHand (the board's total), Stores, ModifiedOn.
 * Drift: numeric Code (leading zeros lost), Retail and OnHand as strings. Broken: rows without OnHand.
 */
export function renderAbcgoSearch(world: SimWorld, boardId: number, filter: string, options: BoardRenderOptions = {}): string {
  const drift = options.markup === 'drift';
  const rows = [];
  for (const p of filter.trim() && !options.nothing ? world.search(filter, Infinity) : []) {
    const stocked = holding(world, boardId, p);
    if (stocked.length === 0) continue; // a sell-out simply disappears
    const onHand = stocked.reduce((sum, s) => sum + s.quantity, 0);
    const price = boardPrice(p);
    const row: Record<string, unknown> = {
      Code: drift ? Number(p.plu) : p.plu,
      Brand: p.name.toUpperCase(),
      Size: reportSize(p.sizeMl),
      Retail: drift ? price.toFixed(2) : price,
      OnHand: drift ? String(onHand) : onHand,
      Stores: stocked.length,
      Category: durhamBadge(p).toUpperCase(),
      ListingType: p.listingType.slice(0, 1),
      ModifiedOn: modifiedOn(world, stocked.map((s) => s.store)),
    };
    if (options.broken) {
      row.QtyOnHand = row.OnHand;
      delete row.OnHand;
    }
    rows.push(row);
  }
  return JSON.stringify(rows);
}

/**
 * POST /api/inventory/details {"code": code}: one row per store of the board holding it (StoreId = our
 * store number), [] when none (or for a code the board does not know). Drift: StoreId, BoardId and OnHand
 * as strings, numeric Code and Zip, the address in capitals. Broken: rows without Address1.
 */
export function renderAbcgoDetails(world: SimWorld, boardId: number, code: string, options: BoardRenderOptions = {}): string {
  const drift = options.markup === 'drift';
  const p = world.product(code);
  const rows = (p ? holding(world, boardId, p) : []).map(({ store, quantity }) => {
    const [street] = addressLines(world, store);
    const row: Record<string, unknown> = {
      StoreId: drift ? String(store.storeNumber) : store.storeNumber,
      BoardId: drift ? String(boardId) : boardId,
      Code: drift ? Number(p!.plu) : p!.plu,
      Brand: p!.name.toUpperCase(),
      Address1: drift ? street.toUpperCase() : street,
      Address2: null,
      City: drift ? store.city.toUpperCase() : store.city,
      State: 'NC',
      Zip: drift ? Number(store.zip) : store.zip,
      Phone: store.phone,
      OnHand: drift ? String(quantity) : quantity,
      ModifiedOn: modifiedOn(world, [store]),
    };
    if (options.broken) {
      row.Address = row.Address1;
      delete row.Address1;
    }
    return row;
  });
  return JSON.stringify(rows);
}

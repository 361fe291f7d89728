// The simulated pages, in exactly the formats the shared guide's sources.md documents:
// - Wake's inventory search results (HTML, div.wake-product blocks);
// - Wake's store locator (WP Store Locator JSON);
// - the NC ABC warehouse stock report (HTML, the 9-column table.table-bordered.table-striped);
// - the statewide shipments extract (JSON).
// Each takes the world and returns the response body; `broken` variants are the "changed page" faults.
//
// sources.md describes two markups of Wake's search and of the warehouse report: `documented` (the shape
// its first description gives; the default) and `live` (the 2026-07-21 captures). Both print the same
// facts; the server can also alternate between them (server.ts).
import { mdy, nyUsDateTime, parseMdy } from './clock.ts';
import type { SimProduct, SimStore } from './dataset.ts';
import { WAREHOUSE_LOCATOR_ID } from './dataset.ts';
import { hash32, hashInt } from './random.ts';
import type { ShipmentsExtract, SimWorld } from './world.ts';

/** The two markups sources.md describes for each HTML page. */
export const MARKUPS = ['documented', 'live'] as const;
export type Markup = (typeof MARKUPS)[number];

export const WAREHOUSE_COLUMNS = [
  'NC Code',
  'Brand Name',
  'Listing Type',
  'Total Available',
  'Size',
  'Cases Per Pallet',
  'Supplier',
  'Supplier Allotment',
  'Broker Name',
] as const;

/** Wake's search shows at most this many products per page. */
export const SEARCH_LIMIT = 20;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** "7200 Sandy Fork Rd., Raleigh, NC 27609" → ["7200 Sandy Fork Rd.", "Raleigh, NC 27609"]. */
export function splitAddress(address: string): [string, string] {
  const comma = address.indexOf(',');
  if (comma < 0) return [address.trim(), ''];
  return [address.slice(0, comma).trim(), address.slice(comma + 1).trim()];
}

/** Wake's size label: 750 → ".750L", 1750 → "1.75L", 1000 → "1L", 50 → ".050L". */
export function wakeSize(ml: number): string {
  if (ml < 1000) return `.${String(Math.round(ml)).padStart(3, '0')}L`;
  return `${Number((ml / 1000).toFixed(3))}L`;
}

/** The warehouse report's size label: "750ML", "1.75L". */
export function reportSize(ml: number): string {
  return ml < 1000 ? `${Math.round(ml)}ML` : `${Number((ml / 1000).toFixed(3))}L`;
}

/** The live warehouse report's size label (sources.md §3): 750 → ".75L", 375 → ".375L", 50 → ".05L", 1750 → "1.75L". */
export function liveReportSize(ml: number): string {
  const litres = String(Number((ml / 1000).toFixed(3)));
  return `${litres.startsWith('0.') ? litres.slice(1) : litres}L`;
}

/** Some NC codes are printed dashed ("18-650"), as on the price list; which ones is fixed per code. */
export function printedNcCode(plu: string): string {
  return hash32('dash', plu) % 7 === 0 ? `${plu.slice(0, 2)}-${plu.slice(2)}` : plu;
}

const thousands = (n: number) => n.toLocaleString('en-US');

// -------------------------------------------------------------------------------------------------
// Wake inventory search

function wakeProductBlock(world: SimWorld, p: SimProduct, broken: boolean, markup: Markup): string {
  const stocked: { store: SimStore; quantity: number; address: string }[] = [];
  for (const store of world.data.retailStores) {
    const quantity = world.quantityAt(store, p);
    if (quantity > 0) stocked.push({ store, quantity, address: world.printedAddress(store) });
  }
  const price = p.retailPrice === null ? '' : `${p.retailPrice} USD`;
  if (broken) {
    // A redesigned page: same container class, but no PLU line and renamed inventory markup.
    const items = stocked
      .map(({ address, quantity }) => `<div class="loc"><em>${escapeHtml(address)}</em> <b class="stock-count">${quantity}</b></div>`)
      .join('\n');
    return `<div class="wake-product">
  <h3 class="product-title">${escapeHtml(p.name)}</h3>
  <p class="sku">Item ${p.plu.slice(0, 2)} ${p.plu.slice(2)}</p>
  <div class="product-meta">${escapeHtml(price)} &middot; ${wakeSize(p.sizeMl)}</div>
  <div class="inventory-panel">${items || '<em>None available</em>'}</div>
</div>`;
  }
  if (markup === 'live') return liveWakeProductBlock(p, price, stocked);
  let inventory: string;
  if (stocked.length === 0) {
    inventory = '<p class="out-of-stock">All Locations Out of Stock</p>';
  } else {
    const lis = stocked.map(({ address, quantity }) => {
      const [line1, line2] = splitAddress(address);
      return `        <li><span class="address">${escapeHtml(line1)}<br>${escapeHtml(line2)}</span>
            <span class="quantity">${quantity} in stock</span></li>`;
    });
    inventory = `<div class="inventory-collapse">
      <ul>
${lis.join('\n')}
      </ul>
    </div>`;
  }
  return `<div class="wake-product">
    <h4>${escapeHtml(p.name)}</h4>
    <p><small>PLU: ${p.plu}</small></p>
    <span class="price">${escapeHtml(price)}</span> <span class="size">${wakeSize(p.sizeMl)}</span>
    ${inventory}
  </div>`;
}

/**
 * The live capture's block (sources.md §1): wrapped in div.product-row, the name in capitals, price and
 * size in one <p>, store lines without spans ("7200 Sandy Fork Rd.Raleigh, NC 27609" + newline + spaces +
 * "1 in stock"), and an out-of-stock product as an empty <ul></ul> followed by p.out-of-stock.
 */
function liveWakeProductBlock(p: SimProduct, price: string, stocked: { quantity: number; address: string }[]): string {
  const lis = stocked.map(({ address, quantity }) => {
    const [line1, line2] = splitAddress(address);
    return `          <li>${escapeHtml(line1)}${escapeHtml(line2)}\n              ${quantity} in stock</li>`;
  });
  const list = stocked.length === 0 ? '<ul></ul>\n        <p class="out-of-stock">All Locations Out of Stock</p>' : `<ul>\n${lis.join('\n')}\n        </ul>`;
  return `<div class="product-row">
    <div class="wake-product">
      <h4>${escapeHtml(p.name.toUpperCase())}</h4>
      <p><small>PLU: ${p.plu}</small></p>
      <p><span class="price">${escapeHtml(price)}</span> | <span class="size">${wakeSize(p.sizeMl)}</span></p>
      <div class="inventory-collapse">
        ${list}
      </div>
    </div>
  </div>`;
}

export interface WakeRenderOptions {
  /** The "changed page" fault (bad-html). */
  broken?: boolean;
  /** The "nothing matched" fault: the site's own results page with no product, whatever is on the shelves. */
  nothing?: boolean;
  /** Default 'documented'. */
  markup?: Markup;
}

/** The page Wake returns for POST /search-results with productSearch=<query>. */
export function renderWakeSearch(world: SimWorld, query: string, options: WakeRenderOptions = {}): string {
  const products = options.nothing ? [] : world.search(query, SEARCH_LIMIT);
  const markup = options.markup ?? 'documented';
  const blocks = products.map((p) => wakeProductBlock(world, p, options.broken ?? false, markup)).join('\n  ');
  return wakePage(`Search Results &#8211; Wake ABC`, query, `<h2 class="search-heading">Search Results for &ldquo;${escapeHtml(query)}&rdquo;</h2>
  <p class="inventory-note">Inventory is updated a couple times a day. Quantities are not guaranteed.</p>
  <div class="search-results">
  ${blocks}
  </div>`);
}

/** Wake's WordPress page around `main` (site chrome and the product search form): results and error pages alike. */
export function wakePage(title: string, query: string, main: string, bodyClass = 'page-template page-template-search-results'): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body class="${bodyClass}">
<header id="masthead" class="site-header"><a class="logo" href="/">Wake ABC</a>
  <nav class="main-navigation"><ul><li><a href="/stores/">Store Locations</a></li><li><a href="/search-results/">Product Search</a></li></ul></nav>
</header>
<main id="primary" class="site-main">
  <form class="product-search-form" method="post" action="/search-results">
    <label for="productSearch">Search by product name or PLU</label>
    <input type="text" id="productSearch" name="productSearch" value="${escapeHtml(query)}">
    <button type="submit">Search</button>
  </form>
  ${main}
</main>
<footer class="site-footer"><p>&copy; Wake County ABC Board</p></footer>
</body>
</html>
`;
}

// -------------------------------------------------------------------------------------------------
// Wake store locator (WP Store Locator admin-ajax)

interface LocatorRow {
  store: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  lat: string;
  lng: string;
  phone: string;
  fax: string;
  email: string;
  hours: string;
  url: string;
  thumb: string;
  id: string;
  distance?: string;
}

function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(a));
}

/**
 * GET /wp-admin/admin-ajax.php?action=store_search&lat=..&lng=..&max_results=..: a JSON array of the
 * 28 Wake outlets (locator spellings) plus the warehouse (id 186), nearest first when lat/lng are given.
 */
export function renderStoreLocator(world: SimWorld, params: URLSearchParams = new URLSearchParams()): string {
  const rows: (LocatorRow & { _lat: number; _lng: number })[] = world.data.stores.map((s) => ({
    store: `Store #${s.storeNumber} - ${s.nickname}`,
    address: s.locatorAddress,
    address2: '',
    city: s.city,
    state: 'NC',
    zip: s.locatorZip,
    country: 'United States',
    lat: s.lat.toFixed(7),
    lng: s.lng.toFixed(7),
    phone: s.phone,
    fax: '',
    email: '',
    hours: s.hours,
    url: '',
    thumb: '',
    id: String(s.locatorId),
    _lat: s.lat,
    _lng: s.lng,
  }));
  rows.push({
    store: 'Wake ABC Warehouse & Administrative Offices',
    address: '1212 Wicker Dr',
    address2: '',
    city: 'Raleigh',
    state: 'NC',
    zip: '27604',
    country: 'United States',
    lat: '35.8131930',
    lng: '-78.6104840',
    phone: '919-250-1700',
    fax: '',
    email: '',
    hours: 'Warehouse - not open to the public',
    url: '',
    thumb: '',
    id: String(WAREHOUSE_LOCATOR_ID),
    _lat: 35.813193,
    _lng: -78.610484,
  });
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const hasCentre = params.has('lat') && params.has('lng') && Number.isFinite(lat) && Number.isFinite(lng);
  const withDistance = rows.map((r) => ({ ...r, _d: hasCentre ? milesBetween(lat, lng, r._lat, r._lng) : 0 }));
  if (hasCentre) withDistance.sort((a, b) => a._d - b._d || Number(a.id) - Number(b.id));
  const max = Number(params.get('max_results'));
  const limited = Number.isFinite(max) && max > 0 ? withDistance.slice(0, max) : withDistance;
  const out: LocatorRow[] = limited.map((r) => {
    const row: LocatorRow = {
      store: r.store,
      address: r.address,
      address2: r.address2,
      city: r.city,
      state: r.state,
      zip: r.zip,
      country: r.country,
      lat: r.lat,
      lng: r.lng,
      phone: r.phone,
      fax: r.fax,
      email: r.email,
      hours: r.hours,
      url: r.url,
      thumb: r.thumb,
      id: r.id,
    };
    if (hasCentre) row.distance = r._d.toFixed(1);
    return row;
  });
  return JSON.stringify(out);
}

// -------------------------------------------------------------------------------------------------
// Warehouse stock report

export interface WarehouseRenderOptions {
  /** ReportDate as posted (M/D/YYYY); empty or absent = today. */
  reportDate?: string;
  /** BrandName filter as posted (case-insensitive substring); empty = all. */
  brandName?: string;
  /** The "changed page" fault: one column (Supplier Allotment) is gone. */
  broken?: boolean;
  /** The day's table with its header and no rows, as just after midnight (the empty-table fault). */
  empty?: boolean;
  /** Default 'documented'. */
  markup?: Markup;
}

function cell(value: string): string {
  return `<td>\n                        ${escapeHtml(value)}\n                    </td>`;
}

/** The live capture's cell alignment per column (every <td> carries one). */
const LIVE_ALIGN: Record<(typeof WAREHOUSE_COLUMNS)[number], string> = {
  'NC Code': 'center',
  'Brand Name': 'left',
  'Listing Type': 'left',
  'Total Available': 'right',
  Size: 'center',
  'Cases Per Pallet': 'right',
  Supplier: 'left',
  'Supplier Allotment': 'right',
  'Broker Name': 'left',
};

/** Supplier Allotment as printed: allocated products a multiple of 6; in the live markup some Listed ones 999999. */
function allotment(p: SimProduct, markup: Markup): string {
  if (p.kind === 'allocated') return String(6 * hashInt(0, 60, 'allot', p.plu));
  if (markup === 'live' && hashInt(0, 9, 'allot-999999', p.plu) === 0) return '999999';
  return '';
}

/** GET/POST /StoresBoards/Stocks. */
export function renderWarehouseReport(world: SimWorld, options: WarehouseRenderOptions = {}): string {
  const markup = options.markup ?? 'documented';
  const today = world.warehouseReport();
  let day = today.dayNumber;
  let badDate = false;
  if (options.reportDate && options.reportDate.trim()) {
    const parsed = parseMdy(options.reportDate);
    if (parsed === undefined) badDate = true;
    else day = parsed;
  }
  const report = badDate || options.empty ? { dayNumber: day, asOf: today.asOf, rows: null } : world.warehouseRows(day);
  const brand = (options.brandName ?? '').trim().toLowerCase();
  const drop = options.broken ? WAREHOUSE_COLUMNS.indexOf('Supplier Allotment') : -1;
  const columns = WAREHOUSE_COLUMNS.filter((_, k) => k !== drop);

  const rows: string[] = [];
  const shown: { p: SimProduct; available: number }[] = [];
  let totalAvailable = 0;
  for (const row of report.rows ?? []) {
    const p = row.product;
    if (brand && !p.nameLower.includes(brand)) continue;
    const available = row.available;
    totalAvailable += available;
    shown.push({ p, available });
    const values = [
      printedNcCode(p.plu),
      p.name,
      row.listingType,
      thousands(available),
      markup === 'live' ? liveReportSize(p.sizeMl) : reportSize(p.sizeMl),
      String(p.casesPerPallet),
      p.supplier ?? '',
      allotment(p, markup),
      p.broker ?? '',
    ];
    if (markup === 'live') {
      const tds = values
        .map((value, k) => {
          if (k === drop) return null;
          const column = WAREHOUSE_COLUMNS[k];
          const title = column === 'Brand Name' ? ` title="${escapeHtml(value)}"` : '';
          return `<td style="text-align:${LIVE_ALIGN[column]}"${title}>${escapeHtml(value)}</td>`;
        })
        .filter((td) => td !== null);
      rows.push(`            <tr>\n                ${tds.join('\n                ')}\n            </tr>`);
    } else {
      const kept = values.filter((_, k) => k !== drop);
      rows.push(`                <tr id="StockItemDetails">\n                    ${kept.map(cell).join('\n                    ')}\n                </tr>`);
    }
  }
  const asOf = report.rows ? nyUsDateTime(report.asOf) : '';
  const form = `<form action="/StoresBoards/Stocks" method="post" class="form-inline">
            <label for="ReportDate">Report Date</label>
            <input class="form-control" id="ReportDate" name="ReportDate" type="text" value="${mdy(day)}" />
            <label for="BrandName">Brand Name</label>
            <input class="form-control" id="BrandName" name="BrandName" type="text" value="${escapeHtml(options.brandName ?? '')}" />
            <input type="submit" value="Search" class="btn btn-default" />
        </form>`;
  const tablesHtml = markup === 'live' ? liveTables(columns, rows, shown, day, asOf) : documentedTables(columns, rows, totalAvailable, day, asOf);
  return `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Stocks - NC ABC Commission</title>
    <link href="/Content/bootstrap.css" rel="stylesheet" />
</head>
<body>
    <div class="navbar navbar-inverse navbar-fixed-top"><div class="container"><a class="navbar-brand" href="/">NC ABC Commission</a></div></div>
    <div class="container body-content">
        <h2>Warehouse Stock Report</h2>
        <p>This report is updated every 15 minutes. Total Available includes orders in process.</p>
        ${form}
${tablesHtml}
        <hr />
        <footer><p>&copy; North Carolina Alcoholic Beverage Control Commission</p></footer>
    </div>
</body>
</html>
`;
}

function documentedTables(columns: readonly string[], rows: string[], totalAvailable: number, day: number, asOf: string): string {
  const header = columns.map((c) => `<th>${c}</th>`).join('\n                    ');
  return `        <p class="report-date">Report Date: ${mdy(day)}${asOf ? ` &nbsp; As of: ${asOf}` : ''}</p>
        <table class="table table-bordered table-striped">
            <thead>
                <tr>
                    ${header}
                </tr>
            </thead>
            <tbody>
${rows.join('\n')}
            </tbody>
        </table>
        <table class="table table-bordered table-striped">
            <thead>
                <tr>
                    <th>Total Items</th>
                    <th>Total Bottles Available</th>
                    <th>Report Date</th>
                </tr>
            </thead>
            <tbody>
                <tr>
                    <td>${thousands(rows.length)}</td>
                    <td>${thousands(totalAvailable)}</td>
                    <td>${mdy(day)}</td>
                </tr>
            </tbody>
        </table>`;
}

/**
 * The live capture (sources.md §3): the header is the table's first <tr> of <th> cells (no <thead>), rows
 * are plain <tr>s, the table has style="width:100%"; then a 3-column summary table (NC Code | Brand Name
 * | Total Available: here the ten products with the most bottles) whose class has two spaces.
 */
function liveTables(columns: readonly string[], rows: string[], shown: { p: SimProduct; available: number }[], day: number, asOf: string): string {
  const header = columns.map((c) => `<th>${c}</th>`).join('\n                ');
  const top = [...shown].sort((a, b) => b.available - a.available || a.p.plu.localeCompare(b.p.plu)).slice(0, 10);
  const summary = top
    .map(
      ({ p, available }) =>
        `            <tr>\n                <td style="text-align:center">${printedNcCode(p.plu)}</td>\n                <td style="text-align:left" title="${escapeHtml(p.name)}">${escapeHtml(p.name)}</td>\n                <td style="text-align:right">${thousands(available)}</td>\n            </tr>`,
    )
    .join('\n');
  return `        <p class="report-date">Report Date: ${mdy(day)}${asOf ? ` &nbsp; As of: ${asOf}` : ''}</p>
        <table class="table table-bordered table-striped" style="width:100%">
            <tr>
                ${header}
            </tr>
${rows.join('\n')}
        </table>
        <br />
        <table class="table  table-bordered table-striped" style="width:100%">
            <tr>
                <th>NC Code</th>
                <th>Brand Name</th>
                <th>Total Available</th>
            </tr>
${summary}
        </table>`;
}

// -------------------------------------------------------------------------------------------------
// Shipments extract

const extractCache = new WeakMap<ShipmentsExtract, string>();

/**
 * GET /Search/StockShippedData: an extract as JSON (default the world's latest; cached per extract). A faulty
 * one (extract-faults.ts) comes from SimWorld.serveExtract.
 */
export function renderShipmentsExtract(world: SimWorld, options: { extract?: ShipmentsExtract } = {}): string {
  const extract = options.extract ?? world.extract();
  const cached = extractCache.get(extract);
  if (cached) return cached;
  const codes = new Set<string>();
  const products = new Set<string>();
  for (const r of extract.records) {
    codes.add(r.product.plu);
    products.add(r.product.name);
  }
  const parts: string[] = [];
  for (const r of extract.records) {
    parts.push(
      JSON.stringify({
        NUMUNITS: r.units,
        ProductName: r.product.name,
        boardName: r.board.name,
        website: r.board.website,
        item_id: r.product.itemId,
        NCcode: r.product.plu,
      }),
    );
  }
  const body =
    `{"metadata":${JSON.stringify({ extractDatetime: extract.extractDatetime })},` +
    `"lookups":${JSON.stringify({
      codes: [...codes].sort(),
      products: [...products].sort(),
      boards: world.data.boards.map((b) => b.name).sort(),
    })},` +
    `"records":[${parts.join(',')}]}`;
  extractCache.set(extract, body);
  return body;
}

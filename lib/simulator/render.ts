// The simulated pages, in exactly the formats the shared guide's sources.md documents:
// - Wake's inventory search results (HTML, div.wake-product blocks);
// - Wake's store locator (WP Store Locator JSON);
// - the NC ABC warehouse stock report (HTML, the 9-column table.table-bordered.table-striped);
// - the statewide shipments extract (JSON).
// Each takes the world and returns the response body; `broken` variants are the "changed page" faults.
import { mdy, nyUsDateTime, parseMdy } from './clock.ts';
import type { SimProduct, SimStore } from './dataset.ts';
import { WAREHOUSE_LOCATOR_ID } from './dataset.ts';
import { hash32, hashInt } from './random.ts';
import type { ShipmentsExtract, SimWorld } from './world.ts';

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

/** Some NC codes are printed dashed ("18-650"), as on the price list; which ones is fixed per code. */
export function printedNcCode(plu: string): string {
  return hash32('dash', plu) % 7 === 0 ? `${plu.slice(0, 2)}-${plu.slice(2)}` : plu;
}

const thousands = (n: number) => n.toLocaleString('en-US');

// -------------------------------------------------------------------------------------------------
// Wake inventory search

function wakeProductBlock(world: SimWorld, p: SimProduct, broken: boolean): string {
  const stocked: { store: SimStore; quantity: number }[] = [];
  for (const store of world.data.retailStores) {
    const quantity = world.quantityAt(store, p);
    if (quantity > 0) stocked.push({ store, quantity });
  }
  const price = p.retailPrice === null ? '' : `${p.retailPrice} USD`;
  if (broken) {
    // A redesigned page: same container class, but no PLU line and renamed inventory markup.
    const items = stocked
      .map(({ store, quantity }) => `<div class="loc"><em>${escapeHtml(store.inventoryAddress)}</em> <b class="stock-count">${quantity}</b></div>`)
      .join('\n');
    return `<div class="wake-product">
  <h3 class="product-title">${escapeHtml(p.name)}</h3>
  <p class="sku">Item ${p.plu.slice(0, 2)} ${p.plu.slice(2)}</p>
  <div class="product-meta">${escapeHtml(price)} &middot; ${wakeSize(p.sizeMl)}</div>
  <div class="inventory-panel">${items || '<em>None available</em>'}</div>
</div>`;
  }
  let inventory: string;
  if (stocked.length === 0) {
    inventory = '<p class="out-of-stock">All Locations Out of Stock</p>';
  } else {
    const lis = stocked.map(({ store, quantity }) => {
      const [line1, line2] = splitAddress(store.inventoryAddress);
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

/** The page Wake returns for POST /search-results with productSearch=<query>. */
export function renderWakeSearch(world: SimWorld, query: string, options: { broken?: boolean } = {}): string {
  const products = world.search(query, SEARCH_LIMIT);
  const blocks = products.map((p) => wakeProductBlock(world, p, options.broken ?? false)).join('\n  ');
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Search Results &#8211; Wake ABC</title>
</head>
<body class="page-template page-template-search-results">
<header id="masthead" class="site-header"><a class="logo" href="/">Wake ABC</a>
  <nav class="main-navigation"><ul><li><a href="/stores/">Store Locations</a></li><li><a href="/search-results/">Product Search</a></li></ul></nav>
</header>
<main id="primary" class="site-main">
  <form class="product-search-form" method="post" action="/search-results">
    <label for="productSearch">Search by product name or PLU</label>
    <input type="text" id="productSearch" name="productSearch" value="${escapeHtml(query)}">
    <button type="submit">Search</button>
  </form>
  <h2 class="search-heading">Search Results for &ldquo;${escapeHtml(query)}&rdquo;</h2>
  <p class="inventory-note">Inventory is updated a couple times a day. Quantities are not guaranteed.</p>
  <div class="search-results">
  ${blocks}
  </div>
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
}

function cell(value: string): string {
  return `<td>\n                        ${escapeHtml(value)}\n                    </td>`;
}

/** GET/POST /StoresBoards/Stocks. */
export function renderWarehouseReport(world: SimWorld, options: WarehouseRenderOptions = {}): string {
  const today = world.warehouseReport();
  let day = today.dayNumber;
  let badDate = false;
  if (options.reportDate && options.reportDate.trim()) {
    const parsed = parseMdy(options.reportDate);
    if (parsed === undefined) badDate = true;
    else day = parsed;
  }
  const report = badDate ? { dayNumber: day, asOf: today.asOf, levels: null } : world.warehouseReport(day);
  const brand = (options.brandName ?? '').trim().toLowerCase();
  const drop = options.broken ? WAREHOUSE_COLUMNS.indexOf('Supplier Allotment') : -1;
  const columns = WAREHOUSE_COLUMNS.filter((_, k) => k !== drop);

  const rows: string[] = [];
  let totalAvailable = 0;
  if (report.levels) {
    for (const p of world.data.products) {
      if (brand && !p.nameLower.includes(brand)) continue;
      const available = report.levels[p.index];
      totalAvailable += available;
      const allotment = p.kind === 'allocated' ? String(6 * hashInt(0, 60, 'allot', p.plu)) : '';
      const values = [
        printedNcCode(p.plu),
        p.name,
        p.listingType === 'Unknown' ? '' : p.listingType,
        thousands(available),
        reportSize(p.sizeMl),
        String(p.casesPerPallet),
        p.supplier ?? '',
        allotment,
        p.broker ?? '',
      ].filter((_, k) => k !== drop);
      rows.push(`                <tr id="StockItemDetails">\n                    ${values.map(cell).join('\n                    ')}\n                </tr>`);
    }
  }
  const header = columns.map((c) => `<th>${c}</th>`).join('\n                    ');
  const asOf = report.levels ? nyUsDateTime(report.asOf) : '';
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
        <form action="/StoresBoards/Stocks" method="post" class="form-inline">
            <label for="ReportDate">Report Date</label>
            <input class="form-control" id="ReportDate" name="ReportDate" type="text" value="${mdy(day)}" />
            <label for="BrandName">Brand Name</label>
            <input class="form-control" id="BrandName" name="BrandName" type="text" value="${escapeHtml(options.brandName ?? '')}" />
            <input type="submit" value="Search" class="btn btn-default" />
        </form>
        <p class="report-date">Report Date: ${mdy(day)}${asOf ? ` &nbsp; As of: ${asOf}` : ''}</p>
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
        </table>
        <hr />
        <footer><p>&copy; North Carolina Alcoholic Beverage Control Commission</p></footer>
    </div>
</body>
</html>
`;
}

// -------------------------------------------------------------------------------------------------
// Shipments extract

const extractCache = new WeakMap<ShipmentsExtract, string>();

/** GET /Search/StockShippedData: the latest extract as JSON (cached per extract). */
export function renderShipmentsExtract(world: SimWorld): string {
  const extract = world.extract();
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

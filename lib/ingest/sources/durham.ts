// Durham County ABC's own site (sources.md §6): server-rendered HTML, plain GETs, no login.
// - Search `GET /search?q=<term>`: one card per product, a link to `/products/<NCCODE>` holding the category
//   badge and the name (a heading); "No products found" when nothing matched.
// - Product `GET /products/<NCCODE>`: the name (h1), a price ("$54.95"), the category badge and a table whose
//   header reads Store | Address | Phone | Hours | Availability | Directions, one row per store, the
//   availability "In Stock (N)" (the N in its own element: "In Stock ( 6 )" once joined) or "Out of Stock".
//   No table but a price and a badge: no store carries it. "Product Not Found": the site says nothing about it.
// As for Wake (decision 006), a page is read by what it means (links to /products/<code>, header labels,
// the availability wording), and anything else — an error, maintenance or firewall page served with any
// status, a page with neither cards nor "No products found" — fails loudly; it is never "no stock".
import { recogniseErrorPage } from './error-pages.ts';
import { atUrl, SourceError, parseError, quote } from './errors.ts';
import { fetchText, siteUrl, type Limiter } from './http.ts';
import { ancestors, childElements, classList, contains, findAll, findFirst, pageTitle, parseHtml, textOf, wholePage, type HtmlDocument, type HtmlElement } from './html.ts';
import { parsePrice } from './values.ts';

export const DURHAM_SOURCE = 'durham inventory';

export interface DurhamSearchResult {
  /** 5-digit NC code from the card's link (dashless = PLU). */
  plu: string;
  /** As printed in the card's heading. */
  name: string;
  /** The category badge as printed ("Limited / Allocated", "Barrel", "Bourbon"); null when the card has none. */
  badge: string | null;
}

export interface DurhamStoreLine {
  /** The Store cell as printed. */
  store: string;
  /** The Address cell as printed (<br> read as ", "). */
  address: string;
  /** "In Stock (N)" → N, "Out of Stock" → 0. */
  quantity: number;
}

export interface DurhamProduct {
  plu: string;
  name: string;
  price: number | null;
  badge: string | null;
  /** No store table: no store carries it (0 everywhere). */
  carriedNowhere: boolean;
  /** One line per table row; empty when carriedNowhere. */
  stores: DurhamStoreLine[];
}

export interface DurhamOptions {
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
  /** Shared politeness limiter (lib/ingest/board-sources.ts limiterFor); without one the request goes out at once. */
  limiter?: Limiter;
}


const baseUrl = (options: DurhamOptions) => siteUrl(DURHAM_SOURCE, options.baseUrl);

async function get(url: string, options: DurhamOptions): Promise<string> {
  const request = () => fetchText(url, { source: DURHAM_SOURCE, signal: options.signal, timeoutMs: options.timeoutMs, retries: options.retries });
  return options.limiter ? options.limiter.run(request) : request();
}

function checkPlu(plu: string): void {
  if (!/^\d{5}$/.test(plu)) throw new TypeError(`not a 5-digit NC code: ${JSON.stringify(plu)}`);
}

/** Search by name or code. [] only for Durham's real "No products found" page. */
export async function searchDurham(term: string, options: DurhamOptions = {}): Promise<DurhamSearchResult[]> {
  const url = `${baseUrl(options)}/search?q=${encodeURIComponent(term)}`;
  const html = await get(url, options);
  return atUrl(url, () => parseDurhamSearch(wholePage(DURHAM_SOURCE, html)));
}

/** One product page; null for "Product Not Found" (what that means is judged in judgement.ts). */
export async function fetchDurhamProduct(plu: string, options: DurhamOptions = {}): Promise<DurhamProduct | null> {
  checkPlu(plu);
  const url = `${baseUrl(options)}/products/${plu}`;
  const html = await get(url, options);
  return atUrl(url, () => parseDurhamProduct(wholePage(DURHAM_SOURCE, html), plu));
}

// ---------------------------------------------------------------------------------------------------------
// Reading the pages

/** A link to a product page: "/products/27090?q=blanton", "https://durhamabc.com/products/27-090". */
const PRODUCT_HREF = /^(?:https?:\/\/[^/]+)?\/products\/(\d[\d-]*)(?:[/?#]|$)/i;
const NO_RESULTS = /\bno products? (?:were )?found\b/i;
const NOT_FOUND = /^product not found\b/i;
const PRICE = /\$\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?/;
const IN_STOCK = /^in\s*stock\s*\(\s*(\d{1,3}(?:,\d{3})+|\d+)\s*\)$/i;
const OUT_OF_STOCK = /^out\s*of\s*stock$/i;
/** Page chrome: never the product's price or badge. */
const CHROME = new Set(['header', 'nav', 'footer', 'form', 'script', 'style', 'template', 'noscript', 'head', 'button', 'select', 'option']);

const isHeading = (el: HtmlElement) => /^h[1-6]$/.test(el.name);
/** A category badge reads like "Limited / Allocated" or "Bourbon": short words, no price, size, count or stock note. */
const isBadgeText = (text: string) => text.length > 0 && text.length <= 40 && !/\d/.test(text) && !/\bstock\b/i.test(text);
const inChrome = (el: HtmlElement) => CHROME.has(el.name) || ancestors(el).some((a) => CHROME.has(a.name));

function failOn(doc: HtmlDocument, what: string): void {
  const page = recogniseErrorPage(doc);
  if (page) throw parseError(DURHAM_SOURCE, `not ${what}: ${page.description}`);
}

/** Every product card of a search results page. */
export function parseDurhamSearch(html: string): DurhamSearchResult[] {
  const fail = (reason: string) => parseError(DURHAM_SOURCE, reason);
  const doc = parseHtml(html);
  failOn(doc, 'a search results page');

  const links = findAll(doc, (el) => el.name === 'a' && PRODUCT_HREF.test((el.attribs.href ?? '').trim()) && !inChrome(el));
  const saysNone = NO_RESULTS.test(textOf(doc));
  if (links.length === 0) {
    if (saysNone) return [];
    const title = pageTitle(doc);
    throw fail(`not a search results page: no product cards and no 'No products found' (${title ? `title ${quote(title)}` : 'no title'})`);
  }
  if (saysNone) throw fail(`the page says 'No products found' but links ${links.length} products`);

  const results = new Map<string, DurhamSearchResult>();
  const nameless: string[] = [];
  for (const link of links) {
    const code = PRODUCT_HREF.exec(link.attribs.href.trim())![1];
    const plu = code.replace(/-/g, '');
    if (!/^\d{5}$/.test(plu)) throw fail(`product link ${quote(link.attribs.href)}: NC code ${quote(code)} is not 5 digits`);
    const heading = findFirst(link, isHeading);
    const name = heading ? textOf(heading) : '';
    if (!name) {
      nameless.push(plu); // an image or "View" link beside the card is fine; a card without a name is not
      continue;
    }
    if (results.has(plu)) continue;
    const badge = findFirst(link, (el) => el.name === 'span' && !contains(heading!, el) && !contains(el, heading!) && isBadgeText(textOf(el)));
    results.set(plu, { plu, name, badge: badge ? textOf(badge) : null });
  }
  const missing = nameless.find((plu) => !results.has(plu));
  if (missing) throw fail(`product ${missing}: a card without a name (no heading in its link): the page layout changed`);
  return [...results.values()];
}

/** A product page: its name, price, badge and store rows; null for Durham's own "Product Not Found" page. */
export function parseDurhamProduct(html: string, plu: string): DurhamProduct | null {
  const where = `product ${plu}`;
  const fail = (reason: string) => parseError(DURHAM_SOURCE, `${where}: ${reason}`);
  const doc = parseHtml(html);
  failOn(doc, `product ${plu}'s page`);

  const h1s = findAll(doc, (el) => el.name === 'h1' && !inChrome(el));
  if ([pageTitle(doc), ...h1s.map((h) => textOf(h))].some((t) => NOT_FOUND.test(t.trim()))) {
    return null;
  }
  const h1 = h1s.find((h) => textOf(h) !== '');
  if (!h1) throw fail(`no product name (no <h1>) (${pageTitle(doc) ? `title ${quote(pageTitle(doc))}` : 'no title'})`);
  const name = textOf(h1);

  const table = storeTable(doc, fail);
  const { price, badge } = priceAndBadge(doc, h1, table?.element);

  if (!table) {
    if (price === null || badge === null) {
      const seen = price !== null ? 'a price but no category badge' : badge !== null ? `a badge ${quote(badge)} but no price` : 'neither a price nor a category badge';
      throw fail(`no store table and ${seen}: not a product page`);
    }
    return { plu, name, price, badge, carriedNowhere: true, stores: [] };
  }
  return { plu, name, price, badge, carriedNowhere: false, stores: table.rows };
}

interface StoreTable {
  element: HtmlElement;
  rows: DurhamStoreLine[];
}

const label = (cell: HtmlElement) => textOf(cell).toLowerCase().replace(/[:.]$/, '').trim();
const cellsOf = (row: HtmlElement) => childElements(row).filter((c) => c.name === 'td' || c.name === 'th');

/** The table whose header reads Store | Address | ... | Availability, read by its header labels. */
function storeTable(doc: HtmlDocument, fail: (reason: string) => SourceError): StoreTable | null {
  const tables = findAll(doc, (el) => el.name === 'table' && !inChrome(el)).map((table) => {
    const rows = findAll(table, (el) => el.name === 'tr').filter((tr) => !ancestors(tr).some((a) => a.name === 'table' && a !== table));
    const headerRow = rows.find((tr) => tr.parent && (tr.parent as HtmlElement).name === 'thead') ?? rows.find((tr) => cellsOf(tr).every((c) => c.name === 'th')) ?? rows[0];
    return { table, rows, headerRow, labels: headerRow ? cellsOf(headerRow).map(label) : [] };
  });
  const inventory = tables.filter((t) => t.labels.some((l) => /availab|stock/.test(l)) || (t.labels.includes('store') && t.labels.includes('address')));
  if (inventory.length === 0) return null;
  if (inventory.length > 1) throw fail(`${inventory.length} store tables on one page`);
  const [{ table, rows, headerRow, labels }] = inventory;
  const header = labels.map((l) => quote(l, 20)).join(' | ');
  const column = (name: string) => labels.indexOf(name);
  const [storeAt, addressAt, availabilityAt] = [column('store'), column('address'), column('availability')];
  if (storeAt < 0 || addressAt < 0 || availabilityAt < 0) throw fail(`store table header changed: ${header} (expected Store, Address and Availability)`);

  const body = rows.filter((tr) => tr !== headerRow && cellsOf(tr).length > 0);
  if (body.length === 0) throw fail('a store table without store rows');
  const lines = body.map((tr, i): DurhamStoreLine => {
    const cells = cellsOf(tr);
    if (cells.length !== labels.length) throw fail(`store row ${i + 1} has ${cells.length} cells, the header ${labels.length}: ${quote(textOf(tr))}`);
    const store = textOf(cells[storeAt]);
    const address = cleanAddress(textOf(cells[addressAt], { br: ', ' }));
    const availability = textOf(cells[availabilityAt]);
    if (!address) throw fail(`store row ${i + 1} (${quote(store)}) has no address`);
    const inStock = IN_STOCK.exec(availability);
    if (inStock) return { store, address, quantity: Number(inStock[1].replace(/,/g, '')) };
    if (OUT_OF_STOCK.test(availability)) return { store, address, quantity: 0 };
    throw fail(`store row ${i + 1} (${quote(store)}): unreadable availability ${quote(availability)} (expected 'In Stock (N)' or 'Out of Stock')`);
  });
  return { element: table, rows: lines };
}

/** "1928 Holloway St,, Durham" → "1928 Holloway St, Durham"; no separators at the ends. */
function cleanAddress(text: string): string {
  return text
    .replace(/\s*,(?:\s*,)+\s*/g, ', ')
    .replace(/\s+,/g, ',')
    .replace(/^[\s,;:|–—-]+|[\s,;:|–—-]+$/g, '');
}

/**
 * The product's price and category badge, read near its name: the price is the first "$54.95" after the
 * <h1> (outside the store table and the page chrome); the badge the first short <span> (or element with a
 * badge-like class) in the block that holds both the name and the price, that is not a price or a stock note.
 */
function priceAndBadge(doc: HtmlDocument, h1: HtmlElement, table: HtmlElement | undefined): { price: number | null; badge: string | null } {
  // Another product's card (a link to /products/...) is not this product: a page that redirected to a list of
  // featured products must not read as this product's price and badge.
  const inProductLink = (el: HtmlElement) => [el, ...ancestors(el)].some((a) => a.name === 'a' && PRODUCT_HREF.test((a.attribs.href ?? '').trim()));
  const elements = findAll(doc, (el) => !inChrome(el) && !(table && contains(table, el)) && el.name !== 'table' && !inProductLink(el));
  const after = elements.slice(elements.indexOf(h1) + 1).filter((el) => !contains(h1, el));
  const priceEl = after.find((el) => PRICE.test(textOf(el)) && !childElements(el).some((c) => PRICE.test(textOf(c))));
  const price = priceEl ? parsePrice(PRICE.exec(textOf(priceEl))![0]) : null;

  // The block around the name: up from the <h1> until it holds the price (or one level when there is none).
  let block: HtmlElement = (h1.parent as HtmlElement | null) ?? h1;
  if (priceEl) {
    for (let p: HtmlElement | null = block; p && p.name !== 'body' && p.name !== 'html'; p = p.parent as HtmlElement | null) {
      block = p;
      if (contains(p, priceEl)) break;
    }
  }
  const badgeLike = (el: HtmlElement) => el.name === 'span' || classList(el).some((c) => /badge|category|pill|tag/i.test(c));
  const badgeEl = findAll(block, (el) => {
    if (!badgeLike(el) || inChrome(el) || inProductLink(el) || contains(h1, el) || (table && contains(table, el)) || (priceEl && (contains(el, priceEl) || contains(priceEl, el)))) return false;
    return isBadgeText(textOf(el)) && findFirst(el, isHeading) === undefined;
  })[0];
  return { price, badge: badgeEl ? textOf(badgeEl) : null };
}

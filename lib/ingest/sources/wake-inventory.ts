// Wake County ABC store inventory search (sources.md §1): POST productSearch=<term> to /search-results.
// Two captures of the live page disagree on the markup (spans and <br> in one, bare "<li>7200 Sandy Fork
// Rd.Raleigh, NC 27609 1 in stock</li>" lines in the other), so the page is read by what it means, not by
// classes or ids: a product is a "PLU: 27090" line with the heading that belongs to it; its stores are the
// lines that end in "N in stock"; an address is the rest of such a line, matched to a known store later.
// A page that is not an answer (error, maintenance, firewall, empty) or whose products can't be read fails
// loudly: it is never taken as "no products" or "sold out".
import { recogniseErrorPage } from './error-pages.ts';
import { SourceError, parseError, quote } from './errors.ts';
import { fetchText, siteUrl, type Limiter } from './http.ts';
import {
  childElements,
  classList,
  contains,
  findAll,
  findFirst,
  isElement,
  pageTitle,
  parseHtml,
  textOf,
  wholePage,
  type HtmlElement,
  type HtmlNode,
  type HtmlParent,
} from './html.ts';
import { findSizeLabel, parsePrice, parseSizeMl } from './values.ts';


export const WAKE_INVENTORY_SOURCE = 'wake inventory';

export interface WakeStoreStock {
  /** As printed: <br> turned into ", ", whitespace collapsed, entities decoded ("7200 Sandy Fork Rd.Raleigh, NC 27609" stays glued). */
  address: string;
  quantity: number;
}

export interface WakeProduct {
  /** As printed (the live page prints some names in capitals). */
  name: string;
  /** 5-digit PLU / NC code, leading zeros kept, dashes removed. */
  plu: string;
  price: number | null;
  /** As printed, e.g. ".750L"; null when the page has no size. */
  sizeLabel: string | null;
  sizeMl: number | null;
  outOfStockEverywhere: boolean;
  /** Empty when out of stock everywhere. */
  stores: WakeStoreStock[];
}

export interface WakeSearchOptions {
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
  /** Shared politeness limiter (lib/ingest/board-sources.ts limiterFor); without one the request goes out at once. */
  limiter?: Limiter;
}


/** Search Wake's inventory by name or 5-digit code. [] means the search matched nothing. */
export async function searchWakeInventory(term: string, options: WakeSearchOptions = {}): Promise<WakeProduct[]> {
  const url = `${siteUrl(WAKE_INVENTORY_SOURCE, options.baseUrl)}/search-results`;
  const request = () =>
    fetchText(url, {
      source: WAKE_INVENTORY_SOURCE,
      form: { productSearch: term },
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      retries: options.retries,
    });
  const html = options.limiter ? await options.limiter.run(request) : await request();
  try {
    return parseWakeInventory(wholePage(WAKE_INVENTORY_SOURCE, html));
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(`POST ${url} productSearch=${term}`) : error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading the page

/** A PLU line: "PLU: 27090", "PLU # 27-090", "PLU 27090". A bare "PLU" (a form label) is not one. */
const PLU_LABEL = /\bPLU\b\s*(?:[:#]|(?=\d))/i;
const PLU_VALUE = /\bPLU\s*[:#]?\s*(\d+(?:\s*-\s*\d+)*)/i;
/** A store line ends in its count: "... 3 in stock", "... 1,234 in stock". */
const QUANTITY_AT_END = /(?:^|\s)(\d{1,3}(?:,\d{3})+|\d+)\s+in\s+stock\.?$/i;
/** The "out of stock everywhere" marker's text, alone in its element. */
const OUT_OF_STOCK_TEXT = /^(?:all\s+(?:locations|stores)\s+(?:are\s+)?)?out\s+of\s+stock(?:\s+(?:at\s+all\s+(?:locations|stores)|everywhere))?[.!]?$/i;
const OUT_OF_STOCK_CLASS = /^out-?of-?stock$/i;
const PRICE_IN_TEXT = /\$\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?|\b(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}\s*USD\b/i;
/** Elements whose content is never page content. */
const HIDDEN = new Set(['head', 'script', 'style', 'template', 'noscript', 'textarea']);
/** A PLU inside these is part of the search form, not a product. */
const FORM_PARTS = new Set(['form', 'label', 'select', 'option', 'button']);
/** A product block never grows past these. */
const PAGE_LEVEL = new Set(['body', 'html', 'main']);
/** Classes the documented and captured markups give product containers: a safety net, never required. */
const PRODUCT_CLASSES = new Set(['wake-product', 'product-row']);

const isHeading = (el: HtmlElement) => /^h[1-6]$/.test(el.name);
const isSearchField = (el: HtmlElement) => ['input', 'select', 'textarea'].includes(el.name) && el.attribs.name === 'productSearch';
const SEARCH_HEADING = /^search results\b/i;

interface StoreLine {
  /** The element holding the whole line (usually the <li>). */
  line: HtmlElement;
  /** The innermost element whose text ends in "N in stock" (the line itself when the count has no element). */
  count: HtmlElement;
  address: string;
  quantity: number;
}

/** The page's elements in document order, those inside scripts, styles and the head left out. */
function visibleElements(root: HtmlParent): HtmlElement[] {
  return findAll(root, (el) => !HIDDEN.has(el.name) && !ancestorsUpTo(el, root).some((a) => HIDDEN.has(a.name)));
}

function ancestorsUpTo(node: HtmlNode, root: HtmlParent): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (let p = node.parent; isElement(p) && p !== root; p = p.parent) found.push(p);
  return found;
}

/**
 * The innermost elements whose text satisfies `test`: an element counts only when none of its descendants
 * does (so "PLU: 27090" is the <small>, not the <p> and the <div> around it).
 */
function innermost(elements: HtmlElement[], test: (text: string, el: HtmlElement) => boolean): HtmlElement[] {
  const covered = new Set<HtmlElement>();
  const found: HtmlElement[] = [];
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i];
    if (childElements(el).some((c) => covered.has(c))) covered.add(el);
    else if (test(textOf(el), el)) {
      covered.add(el);
      found.push(el);
    }
  }
  return found.reverse();
}

/** Read every product on a search results page. [] only for Wake's real "nothing matched" page. */
export function parseWakeInventory(html: string): WakeProduct[] {
  const fail = (reason: string) => parseError(WAKE_INVENTORY_SOURCE, reason);
  const doc = parseHtml(html);
  const title = pageTitle(doc);

  // A page that is not an answer fails even when it carries the site's chrome (search form and all).
  const errorPage = recogniseErrorPage(doc);
  if (errorPage) throw fail(`not a search results page: ${errorPage.description}`);

  // The whole document, not just the first <body>: broken pages can have several, and a browser shows them all.
  const elements = visibleElements(doc);
  const markers = innermost(elements, (text) => PLU_LABEL.test(text)).filter((el) => !ancestorsUpTo(el, doc).some((a) => FORM_PARTS.has(a.name)));
  const lines = storeLines(elements);

  if (markers.length === 0) {
    const evidence = productEvidence(elements, lines);
    if (evidence) throw fail(`${evidence} but no readable PLU: the page layout changed`);
    if (findFirst(doc, isSearchField) || /\bsearch results\b/i.test(title) || elements.some((el) => isHeading(el) && SEARCH_HEADING.test(textOf(el)))) {
      return []; // Wake's own page, and no product on it: the search matched nothing.
    }
    throw fail(`not a search results page: no product, no search form (${title ? `title ${quote(title)}` : 'no title'})`);
  }

  const markerSet = new Set(markers);
  const blocks = markers.map((marker) => productBlock(marker, markerSet));
  const products = blocks.map((block, i) => parseProduct(block, markers[i], i + 1, lines));

  // Nothing that looks like a product may be left over: a store line outside every product, or a product
  // container without a PLU, means part of the page was not understood.
  const orphan = lines.find((l) => !blocks.some((b) => contains(b, l.line)));
  if (orphan) throw fail(`store line outside any product (no PLU above it): ${quote(textOf(orphan.line, { br: ', ' }))}`);
  const unlabelled = elements.find((el) => classList(el).some((c) => PRODUCT_CLASSES.has(c)) && textOf(el) !== '' && !markers.some((m) => contains(el, m)));
  if (unlabelled) throw fail(`${describeContainer(unlabelled)} has no readable PLU: the page layout changed`);
  return products;
}

/**
 * The element holding one product: the largest ancestor of its PLU line that holds no other PLU, no search
 * field and — once it has the product's heading — no further headings (a results heading, another product).
 */
function productBlock(marker: HtmlElement, markers: Set<HtmlElement>): HtmlElement {
  let block = marker;
  let headings = findAll(block, isHeading).length;
  for (let parent = block.parent; isElement(parent) && !PAGE_LEVEL.has(parent.name); parent = parent.parent) {
    const inside = findAll(parent, () => true);
    if (inside.some((el) => el !== marker && markers.has(el))) break;
    if (inside.some(isSearchField)) break;
    const parentHeadings = inside.filter(isHeading).length;
    if (headings > 0 && parentHeadings > headings) break;
    block = parent;
    headings = parentHeadings;
  }
  return block;
}

function parseProduct(block: HtmlElement, marker: HtmlElement, position: number, allLines: StoreLine[]): WakeProduct {
  const markerText = textOf(marker);
  const pluMatch = PLU_VALUE.exec(markerText);
  const plu = pluMatch ? pluMatch[1].replace(/[\s-]/g, '') : '';

  // The name is the heading that belongs to the PLU: the nearest one before it in the block (h4 on Wake).
  const inBlock = findAll(block, () => true);
  const markerIndex = inBlock.indexOf(marker);
  const headings = inBlock
    .map((el, index) => ({ el, index }))
    .filter(({ el }) => isHeading(el) && !SEARCH_HEADING.test(textOf(el)))
    .map(({ el, index }) => ({ el, index, text: textOf(el, { exclude: new Set<HtmlNode>([marker]) }) }))
    .filter(({ text }) => text.length > 0);
  const heading = headings.filter(({ el, index }) => index < markerIndex || contains(el, marker)).at(-1) ?? headings[0];
  const name = heading?.text ?? '';

  const where = `product ${position}${/^\d{5}$/.test(plu) ? `, PLU ${plu}` : ''}${name ? ` (${quote(name)})` : ''}`;
  const fail = (reason: string) => parseError(WAKE_INVENTORY_SOURCE, `${where}: ${reason}`);
  if (!name) throw fail(`no product name: no heading in the block of ${quote(markerText)}`);
  if (!pluMatch) throw fail(`unreadable PLU ${quote(markerText)}`);
  if (!/^\d{5}$/.test(plu)) throw fail(`PLU ${quote(pluMatch[1])} is not 5 digits`);

  const lines = allLines.filter((l) => contains(block, l.line));
  const inLine = (el: HtmlElement) => lines.some((l) => contains(l.line, el) || contains(el, l.line));

  // List items that belong to the inventory but are not readable store lines: fail, never skip them. They
  // mention stock, carry the documented address/quantity parts, sit in the inventory list or next to a line.
  const labelled = (el: HtmlElement) => classList(el).some((c) => c === 'quantity' || c === 'address');
  const inventory = inBlock.filter((el) => classList(el).some((c) => /^inventory(?:-|$)/i.test(c)));
  const stray = inBlock.find(
    (el) =>
      ((el.name === 'li' && !findFirst(el, (d) => d.name === 'li')) || labelled(el)) &&
      !inLine(el) &&
      (/\bstock\b/i.test(textOf(el)) ||
        labelled(el) ||
        findFirst(el, labelled) !== undefined ||
        inventory.some((inv) => contains(inv, el)) ||
        lines.some((l) => l.line.parent === el.parent)),
  );
  if (stray) {
    const index = inBlock.filter((el) => el.name === 'li' || lines.some((l) => l.line === el)).indexOf(stray) + 1;
    const countEl = findFirst(stray, (d) => classList(d).includes('quantity'));
    const countText = countEl ? textOf(countEl) : classList(stray).includes('quantity') ? textOf(stray) : null;
    if (countText) throw fail(`store ${index || '?'}: unreadable quantity ${quote(countText)} (expected 'N in stock')`);
    throw fail(`store ${index || '?'} has no quantity ('N in stock'): ${quote(textOf(stray, { br: ', ' }))}`);
  }
  const emptyAddress = lines.find((l) => !l.address);
  if (emptyAddress) throw fail(`store line without an address: ${quote(textOf(emptyAddress.line))}`);

  const outOfStock = inBlock.some(
    (el) =>
      !inLine(el) &&
      (classList(el).some((c) => OUT_OF_STOCK_CLASS.test(c)) || (OUT_OF_STOCK_TEXT.test(textOf(el)) && !childElements(el).some((c) => OUT_OF_STOCK_TEXT.test(textOf(c))))),
  );
  if (outOfStock && lines.length > 0) throw fail(`marked out of stock everywhere but lists ${lines.length} stores`);
  if (!outOfStock && lines.length === 0) throw fail(`neither store lines ('N in stock') nor an out-of-stock marker`);

  // Price and size: the elements the page labels so, else read from the product's own text.
  const rest = textOf(block, { exclude: new Set<HtmlNode>([...(heading ? [heading.el] : []), ...lines.map((l) => l.line)]) });
  const priceEl = inBlock.find((el) => classList(el).includes('price') && !inLine(el));
  const price = priceEl ? parsePrice(textOf(priceEl)) : parsePrice(PRICE_IN_TEXT.exec(rest)?.[0] ?? '');
  const sizeEl = inBlock.find((el) => classList(el).includes('size') && !inLine(el));
  const sizeLabel = sizeEl ? textOf(sizeEl) || null : findSizeLabel(rest);

  return {
    name,
    plu,
    price,
    sizeLabel,
    sizeMl: sizeLabel ? parseSizeMl(sizeLabel) : null,
    outOfStockEverywhere: outOfStock,
    stores: lines.map(({ address, quantity }) => ({ address, quantity })),
  };
}

/**
 * Every store line on the page: the innermost element whose text ends in "N in stock", widened to the
 * element that also holds the address (the <li> around span.address and span.quantity) — but never to one
 * holding a second count.
 */
function storeLines(elements: HtmlElement[]): StoreLine[] {
  const counts = innermost(elements, (text) => QUANTITY_AT_END.test(text));
  const countSet = new Set(counts);
  return counts.map((count) => {
    let line = count;
    let address = addressOf(line, count);
    while (!address) {
      const parent = line.parent;
      if (!isElement(parent) || PAGE_LEVEL.has(parent.name)) break;
      if (findAll(parent, (el) => el !== count && countSet.has(el)).length > 0) break;
      // The count must end the line: "addr 3 in stock", not "3 in stock addr".
      if (!textOf(parent).endsWith(textOf(count))) break;
      line = parent;
      address = addressOf(line, count);
    }
    const quantity = QUANTITY_AT_END.exec(textOf(count))![1];
    return { line, count, address, quantity: Number(quantity.replace(/,/g, '')) };
  });
}

/** The line's text before its count: <br> read as ", ", separators at the ends dropped. */
function addressOf(line: HtmlElement, count: HtmlElement): string {
  let text: string;
  if (line === count) {
    const full = textOf(line, { br: ', ' });
    text = full.slice(0, QUANTITY_AT_END.exec(full)?.index ?? full.length);
  } else {
    text = textOf(line, { br: ', ', exclude: new Set<HtmlNode>([count]) });
  }
  return cleanAddress(text);
}

/** "Rd.,<br>Raleigh" would give "Rd.,, Raleigh": keep one comma; no separators at the ends. */
function cleanAddress(text: string): string {
  return text
    .replace(/\s*,(?:\s*,)+\s*/g, ', ')
    .replace(/\s+,/g, ',')
    .replace(/^[\s,;:|–—-]+|[\s,;:|–—-]+$/g, '');
}

/** What on a page without any PLU still looks like a product (a redesign dropped the PLU line). */
function productEvidence(elements: HtmlElement[], lines: StoreLine[]): string | null {
  const container = elements.find(
    (el) => classList(el).some((c) => PRODUCT_CLASSES.has(c) || c === 'inventory-collapse' || OUT_OF_STOCK_CLASS.test(c)) && textOf(el) !== '',
  );
  if (container) return `product markup (${describeContainer(container)})`;
  if (lines.length > 0) return `a store line ${quote(textOf(lines[0].line, { br: ', ' }))}`;
  const soldOut = elements.find((el) => OUT_OF_STOCK_TEXT.test(textOf(el)));
  if (soldOut) return `an out-of-stock marker ${quote(textOf(soldOut))}`;
  return null;
}

function describeContainer(el: HtmlElement): string {
  const classes = classList(el);
  const heading = findFirst(el, isHeading);
  return `${el.name}${classes.length ? `.${classes.join('.')}` : ''}${heading && textOf(heading) ? ` ${quote(textOf(heading))}` : ''}`;
}

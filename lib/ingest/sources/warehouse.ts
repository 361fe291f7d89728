// NC ABC warehouse stock report (sources.md §3): one HTML table of every product's bottles available at
// the state warehouse. The table is found by its header labels, not by classes or row ids (two captures of the
// live page disagree on those). The header is checked column by column, because a silently shifted column
// would turn suppliers into quantities; an empty table is "no data yet" (just after midnight), never "all
// zero"; a page without the table (an error, maintenance or firewall page) is a failed request.
import { env } from '../../env.ts';
import { SourceError, parseError, quote } from './errors.ts';
import { fetchText } from './http.ts';
import { recogniseErrorPage } from './error-pages.ts';
import { ancestors, childElements, findAll, is, pageTitle, parseHtml, textOf, wholePage, type HtmlElement } from './html.ts';
import { parseSizeMl } from './values.ts';

export const WAREHOUSE_SOURCE = 'warehouse report';

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

export interface WarehouseRow {
  /** 5 digits, leading zeros kept; "18-650" → "18650". */
  ncCode: string;
  brandName: string;
  listingType: string;
  /** Bottles, including orders in process. */
  totalAvailable: number;
  /** As printed: "750ML", ".75L", "1.75L". */
  size: string;
  /** `size` in millilitres (same reader as Wake's sizes); null when unreadable. */
  sizeMl: number | null;
  casesPerPallet: number | null;
  supplier: string;
  supplierAllotment: number | null;
  brokerName: string;
}

export interface WarehouseOptions {
  /** A past New York calendar day, 'YYYY-MM-DD' (POSTed as ReportDate=M/D/YYYY). Omit for today. */
  reportDate?: string;
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
}

export async function fetchWarehouseStock(options: WarehouseOptions = {}): Promise<WarehouseRow[]> {
  const url = `${(options.baseUrl ?? env().NC_ABC_BASE_URL).replace(/\/+$/, '')}/StoresBoards/Stocks`;
  const common = { source: WAREHOUSE_SOURCE, signal: options.signal, timeoutMs: options.timeoutMs, retries: options.retries };
  const form = options.reportDate ? { ReportDate: reportDateParam(options.reportDate), BrandName: '' } : undefined;
  const html = await fetchText(url, form ? { ...common, form } : common);
  try {
    return parseWarehouseStock(wholePage(WAREHOUSE_SOURCE, html));
  } catch (error) {
    const where = form ? `POST ${url} ReportDate=${form.ReportDate}` : url;
    throw error instanceof SourceError ? error.withUrl(where) : error;
  }
}

/** '2026-07-05' → '7/5/2026', the form the report's date picker posts. */
export function reportDateParam(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const date = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
  if (!m || !date || date.getUTCMonth() !== +m[2] - 1 || date.getUTCDate() !== +m[3]) {
    throw new RangeError(`reportDate must be a calendar date 'YYYY-MM-DD', got '${isoDate}'`);
  }
  return `${+m[2]}/${+m[3]}/${m[1]}`;
}

/**
 * Read the detail table. It is found by its header labels — any <table> whose header row (its first row of
 * <th> cells, in <thead> or not) reads exactly the 9 documented columns — and read by cell order; row ids,
 * classes and attributes don't matter. The 3-column summary table is ignored. A header with no rows is
 * "no data yet" (SourceError kind 'no_data'), never "all zero".
 */
export function parseWarehouseStock(html: string): WarehouseRow[] {
  const fail = (reason: string) => parseError(WAREHOUSE_SOURCE, reason);
  const doc = parseHtml(html);
  const tables = findAll(doc, is('table')).map((table) => {
    const rows = ownRows(table);
    return { table, rows, header: headerRow(rows) };
  });

  const exact = tables.filter(({ header }) => header && headerMismatch(cellTexts(header)) === null);
  if (exact.length > 1) throw fail(`${exact.length} tables have the detail header; expected one`);
  const detail = exact[0] ?? tables.find(({ header }) => header && cellTexts(header).some((t) => sameLabel(t, 'Listing Type')));
  if (!detail || !detail.header) {
    const errorPage = recogniseErrorPage(doc);
    if (errorPage) throw fail(`detail table missing: the page is ${errorPage.description}`);
    const title = pageTitle(doc);
    const seen = tables.map(({ header }) => (header ? quote(cellTexts(header).join(' | '), 120) : '(no header)'));
    throw fail(
      `detail table missing: no table with a 'Listing Type' header${title ? ` (page title ${quote(title)})` : ''}` +
        (seen.length ? `; found ${seen.length}: ${seen.join(', ')}` : '; found no table'),
    );
  }

  const { rows, header } = detail;
  const found = cellTexts(header);
  const mismatch = headerMismatch(found);
  if (mismatch) {
    throw fail(
      `table header changed: expected ${WAREHOUSE_COLUMNS.length} columns ${quote(WAREHOUSE_COLUMNS.join(' | '), 200)}, ` +
        `found ${found.length} ${quote(found.join(' | '), 200)} (${mismatch})`,
    );
  }

  const data = rows.filter((tr) => tr !== header && childElements(tr, 'td').length > 0);
  // A lone full-width cell ("No records found") in every row is an empty day too, not a product.
  const notice = data.length > 0 && data.every((tr) => cells(tr).length === 1) ? data.map((tr) => textOf(tr)).filter(Boolean).join(' / ') : null;
  if (data.length === 0 || notice !== null) {
    throw new SourceError({
      kind: 'no_data',
      source: WAREHOUSE_SOURCE,
      reason: `no data yet: the day's stock table has no rows${notice ? ` (it says ${quote(notice)})` : ''}`,
    });
  }
  return data.map((tr, index) => parseRow(tr, index + 1));
}

function parseRow(tr: HtmlElement, position: number): WarehouseRow {
  const values = cells(tr).map((td) => textOf(td));
  const fail = (reason: string) => parseError(WAREHOUSE_SOURCE, `row ${position}${values[0] ? ` (NC code ${quote(values[0], 20)})` : ''}: ${reason}`);
  if (values.length !== WAREHOUSE_COLUMNS.length) throw fail(`expected ${WAREHOUSE_COLUMNS.length} cells, found ${values.length}`);
  const [code, brandName, listingType, available, size, perPallet, supplier, allotment, brokerName] = values;

  const ncCode = code.replace(/[\s-]/g, '');
  if (!/^\d{5}$/.test(ncCode)) throw fail(`NC code ${quote(code, 20)} is not 5 digits`);
  if (!brandName) throw fail('empty Brand Name');
  const totalAvailable = parseInteger(available);
  if (totalAvailable === null) throw fail(`Total Available ${quote(available, 20)} is not a whole number`);

  return {
    ncCode,
    brandName,
    listingType,
    totalAvailable,
    size,
    sizeMl: parseSizeMl(size),
    casesPerPallet: parseInteger(perPallet),
    supplier,
    supplierAllotment: parseInteger(allotment),
    brokerName,
  };
}

/** "1,234" → 1234, "-3" → -3 (orders in process can exceed stock); anything else → null. */
export function parseInteger(text: string): number | null {
  const m = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)$/.exec(text.trim());
  return m ? Number(m[1] + m[2].replace(/,/g, '')) : null;
}

/** The table's own rows (not those of a table nested in one of its cells), in order. */
function ownRows(table: HtmlElement): HtmlElement[] {
  return findAll(table, is('tr')).filter((tr) => ancestors(tr).find((a) => a.name === 'table') === table);
}

/** The row of column headings: the first row of <th> cells (thead or not), preferring one naming "Listing Type". */
function headerRow(rows: HtmlElement[]): HtmlElement | undefined {
  const headings = rows.filter((tr) => childElements(tr, 'th').length > 0 && childElements(tr, 'td').length === 0);
  return headings.find((tr) => cellTexts(tr).some((t) => sameLabel(t, 'Listing Type'))) ?? headings[0];
}

function cells(tr: HtmlElement): HtmlElement[] {
  return childElements(tr).filter((c) => c.name === 'td' || c.name === 'th');
}

function cellTexts(tr: HtmlElement): string[] {
  return cells(tr).map((c) => textOf(c));
}

function sameLabel(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim().toLowerCase() === b.toLowerCase();
}

/** null when the header is exactly the documented columns; otherwise the first difference, in words. */
function headerMismatch(found: string[]): string | null {
  const expected = WAREHOUSE_COLUMNS;
  for (let i = 0; i < Math.max(found.length, expected.length); i++) {
    if (i >= found.length) return `column ${i + 1} ${quote(expected[i])} is missing`;
    if (i >= expected.length) return `unexpected column ${i + 1} ${quote(found[i])}`;
    if (!sameLabel(found[i], expected[i])) return `column ${i + 1} is ${quote(found[i])}, expected ${quote(expected[i])}`;
  }
  return null;
}

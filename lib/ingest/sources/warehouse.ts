// NC ABC warehouse stock report (sources.md §3): one HTML table of every product's bottles available at
// the state warehouse. The header is checked column by column, because a silently shifted column would turn
// suppliers into quantities; an empty table is "no data yet" (just after midnight), never "all zero".
import { env } from '../../env.ts';
import { SourceError, parseError, quote } from './errors.ts';
import { fetchText } from './http.ts';
import { childElements, findAll, is, parseHtml, textOf, type HtmlElement } from './html.ts';

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
  size: string;
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
    return parseWarehouseStock(html);
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

export function parseWarehouseStock(html: string): WarehouseRow[] {
  const fail = (reason: string) => parseError(WAREHOUSE_SOURCE, reason);
  const tables = findAll(parseHtml(html), is('table', 'table-bordered', 'table-striped'));
  const withHeaders = tables.map((table) => ({ table, header: headerRow(table) }));
  const detail = withHeaders.find(({ header }) => header && cellTexts(header).some((t) => sameLabel(t, 'Listing Type')));
  if (!detail || !detail.header) {
    const seen = withHeaders.map(({ header }) => (header ? quote(cellTexts(header).join(' | '), 120) : '(no header)'));
    throw fail(
      `detail table missing: no table.table-bordered.table-striped with a 'Listing Type' header` +
        (seen.length ? `; found ${seen.length}: ${seen.join(', ')}` : '; found no such table'),
    );
  }

  const { table, header } = detail;
  const found = cellTexts(header);
  const mismatch = headerMismatch(found);
  if (mismatch) {
    throw fail(
      `table header changed: expected ${WAREHOUSE_COLUMNS.length} columns ${quote(WAREHOUSE_COLUMNS.join(' | '), 200)}, ` +
        `found ${found.length} ${quote(found.join(' | '), 200)} (${mismatch})`,
    );
  }

  const rows = findAll(table, is('tr')).filter((tr) => tr !== header);
  const details = rows.filter((tr) => tr.attrs.id === 'StockItemDetails');
  if (details.length === 0) {
    // Rows with real cells but without the documented id mean the markup changed, not an empty day.
    const dataLike = rows.filter((tr) => cells(tr).length > 1);
    if (dataLike.length > 0) throw fail(`${dataLike.length} table rows but none is tr#StockItemDetails`);
    throw new SourceError({ kind: 'no_data', source: WAREHOUSE_SOURCE, reason: "no data yet: the day's stock table has no rows" });
  }
  return details.map((tr, index) => parseRow(tr, index + 1));
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

/** The row of column headings: the first row with <th> cells (thead or not). */
function headerRow(table: HtmlElement): HtmlElement | undefined {
  return findAll(table, is('tr')).find((tr) => childElements(tr, 'th').length > 0);
}

function cells(tr: HtmlElement): HtmlElement[] {
  return childElements(tr).filter((c) => c.tag === 'td' || c.tag === 'th');
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

// NC ABC Commission price list (sources.md §5): the CSV export of every product's supplier, age, proof, size
// and prices. It is the catalog other sources are checked against, so a wrong row costs a hunter: anything
// off — an HTML page instead of CSV, a file cut short, a missing column, an unreadable code or price, one
// code printed twice with different values — fails the whole file, saying what and where; nothing is skipped
// but blank lines. The CSV itself is read by csv-parse; this module only judges what it reads.
import { CsvError, parse } from 'csv-parse/sync';
import { env } from '../../env.ts';
import { atUrl, parseError, quote, type SourceError } from './errors.ts';
import { recogniseErrorPage } from './error-pages.ts';
import { fetchText } from './http.ts';
import { pageTitle, parseHtml } from './html.ts';
import { parsePrice, parseSizeMl } from './values.ts';

export const PRICE_LIST_SOURCE = 'price list';
export const PRICE_LIST_PATH = '/Pricing/ExportData';
export const PRICE_LIST_COLUMNS = ['NC Code', 'Supplier', 'Brand Name', 'Age', 'Proof', 'Bottle Size', 'Retail Bottle Price', 'Mixed Beverage Price'] as const;

export interface PriceListRow {
  /** 5 digits, leading zeros kept; "18-650" → "18650"; "1234" (a spreadsheet dropped the zero) → "01234". */
  ncCode: string;
  supplier: string;
  brandName: string;
  /** As printed ("12 YR", "NAS"); blank → null. */
  age: string | null;
  /** "90.0" → 90; blank → null. */
  proof: number | null;
  /** As printed: "750ML", ".75L", "1.75L". */
  bottleSize: string;
  /** `bottleSize` in millilitres (the same reader as the other sources' sizes); null when unreadable. */
  sizeMl: number | null;
  /** "$64.95" / "64.95" → 64.95; blank → null. */
  retailPrice: number | null;
  mixedBeveragePrice: number | null;
}

export async function fetchPriceList(options: { baseUrl?: string; signal?: AbortSignal; timeoutMs?: number; retries?: number } = {}): Promise<PriceListRow[]> {
  const url = `${(options.baseUrl ?? env().NC_ABC_BASE_URL).replace(/\/+$/, '')}${PRICE_LIST_PATH}`;
  const csv = await fetchText(url, {
    source: PRICE_LIST_SOURCE,
    accept: 'text/csv,text/plain;q=0.9,*/*;q=0.8',
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
  });
  return atUrl(url, () => parsePriceList(csv));
}

type Column = (typeof PRICE_LIST_COLUMNS)[number];

/**
 * Read the export. The header is the first non-blank row; its columns are found by their labels (trimmed,
 * any case), in any order, and columns not documented are ignored. Row numbers in errors count the data
 * rows, the first after the header being row 1 (blank lines are not counted).
 */
export function parsePriceList(csv: string): PriceListRow[] {
  const fail = (reason: string) => parseError(PRICE_LIST_SOURCE, reason);
  const text = csv.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw fail('the file is empty');
  // Sites answer with an error, maintenance or firewall page even where a file was asked for (HTTP 200 too).
  if (text.trimStart().startsWith('<')) throw notCsv(text);

  const records = readRecords(text).filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (records.length === 0) throw fail('the file is empty');
  const [headerCells, ...data] = records;
  const columns = findColumns(headerCells, text);
  if (data.length === 0) throw fail('no rows: not a whole price list');

  // A file cut short at a line break still parses: its last row just has fewer cells than the header.
  const last = data[data.length - 1];
  if (last.length < headerCells.length) {
    throw fail(`the file ends mid-row: its last row (row ${data.length}) has ${last.length} of ${headerCells.length} cells, so it was cut short`);
  }
  // A cut inside the last cell keeps the cell count ("64.95" → "64.9"); only the missing line end shows it.
  if (!/[\r\n][ \t]*$/.test(text)) throw fail(`the file does not end with a line break: its last row (row ${data.length}) may be cut short`);

  const rows: PriceListRow[] = [];
  const seen = new Map<string, { row: PriceListRow; position: number }>();
  data.forEach((cells, index) => {
    const position = index + 1;
    if (cells.length !== headerCells.length) {
      throw fail(`row ${position}${codeNote(cells[columns['NC Code']])}: expected ${headerCells.length} cells like the header, found ${cells.length}`);
    }
    const row = readRow(cells, columns, position);
    const earlier = seen.get(row.ncCode);
    if (!earlier) {
      seen.set(row.ncCode, { row, position });
      rows.push(row);
      return;
    }
    // The same row printed twice is harmless; two different rows for one code leave no way to know which is right.
    const differs = differingField(earlier.row, row);
    if (differs) {
      throw fail(`NC code ${row.ncCode} is printed twice with different values: rows ${earlier.position} and ${position} differ in ${differs}`);
    }
  });
  return rows;
}

/** The file's records as cells. Quoting, doubled quotes and CRLF / LF line ends are csv-parse's job. */
function readRecords(text: string): string[][] {
  try {
    return parse(text, {
      // Both line ends, even mixed in one file (auto-discovery would settle on the first it meets).
      record_delimiter: ['\r\n', '\n'],
      skip_empty_lines: true,
      // Rows with the wrong number of cells are reported below, with the row and what that means.
      relax_column_count: true,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw parseError(PRICE_LIST_SOURCE, `the file ends inside a quoted field (line ${String(error.lines)}), so it was cut short`);
    }
    if (looksLikeHtml(text)) throw notCsv(text);
    throw parseError(PRICE_LIST_SOURCE, `not readable as CSV: ${error.message}`);
  }
}

/** Where each documented column is in the header row; a missing or repeated one fails, naming it. */
function findColumns(header: string[], text: string): Record<Column, number> {
  const labels = header.map(normaliseLabel);
  const missing = PRICE_LIST_COLUMNS.filter((column) => !labels.includes(normaliseLabel(column)));
  if (missing.length === PRICE_LIST_COLUMNS.length) {
    // Not even one label: maybe an HTML page that does not start with '<' (text before its markup).
    if (looksLikeHtml(text)) throw notCsv(text);
    throw parseError(PRICE_LIST_SOURCE, `header missing: the first row is ${quote(header.join(' | '), 120)}, which names none of the columns`);
  }
  if (missing.length > 0) {
    throw parseError(
      PRICE_LIST_SOURCE,
      `header changed: column${missing.length === 1 ? '' : 's'} ${missing.map((c) => quote(c)).join(', ')} missing (found ${quote(header.join(' | '), 200)})`,
    );
  }
  const entries = PRICE_LIST_COLUMNS.map((column) => {
    const at = labels.flatMap((label, i) => (label === normaliseLabel(column) ? [i] : []));
    if (at.length > 1) throw parseError(PRICE_LIST_SOURCE, `header has column ${quote(column)} ${at.length} times (columns ${at.map((i) => i + 1).join(', ')})`);
    return [column, at[0]] as const;
  });
  return Object.fromEntries(entries) as Record<Column, number>;
}

function readRow(cells: string[], columns: Record<Column, number>, position: number): PriceListRow {
  const cell = (column: Column) => cells[columns[column]].trim();
  const code = cell('NC Code');
  const fail = (reason: string) => parseError(PRICE_LIST_SOURCE, `row ${position}${codeNote(code)}: ${reason}`);

  const digits = code.replace(/-/g, '');
  if (!/^\d{1,5}$/.test(digits)) throw fail(`NC code ${quote(code, 20)} is not 1 to 5 digits`);
  const brandName = cell('Brand Name');
  if (!brandName) throw fail('empty Brand Name');
  const bottleSize = cell('Bottle Size');
  const number = (column: Column, read: (text: string) => number | null, what: string): number | null => {
    const text = cell(column);
    if (text === '') return null;
    const value = read(text);
    if (value === null) throw fail(`${column} ${quote(text, 20)} is not ${what}`);
    return value;
  };

  return {
    // Spreadsheets drop leading zeros ("01234" → "1234"); the code is always 5 digits.
    ncCode: digits.padStart(5, '0'),
    supplier: cell('Supplier'),
    brandName,
    age: cell('Age') || null,
    proof: number('Proof', readProof, 'a number'),
    bottleSize,
    sizeMl: parseSizeMl(bottleSize),
    retailPrice: number('Retail Bottle Price', readPrice, 'a price'),
    mixedBeveragePrice: number('Mixed Beverage Price', readPrice, 'a price'),
  };
}

/** "90", "90.0", "100.5" → the number; anything else → null. */
function readProof(text: string): number | null {
  return /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : null;
}

/**
 * "$64.95", "64.95", "$1,299.99" → the number; anything else → null. Checked whole first: parsePrice reads the
 * first number in any text ("call 555" → 555), which here would be a wrong price instead of an error.
 */
function readPrice(text: string): number | null {
  return /^\$?\s*(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(text) ? parsePrice(text) : null;
}

const FIELD_NAMES: Record<keyof PriceListRow, string> = {
  ncCode: 'NC Code',
  supplier: 'Supplier',
  brandName: 'Brand Name',
  age: 'Age',
  proof: 'Proof',
  bottleSize: 'Bottle Size',
  sizeMl: 'Bottle Size',
  retailPrice: 'Retail Bottle Price',
  mixedBeveragePrice: 'Mixed Beverage Price',
};

/** The first column in which two rows read differently, with both values, or null when they are the same. */
function differingField(a: PriceListRow, b: PriceListRow): string | null {
  const key = (Object.keys(FIELD_NAMES) as (keyof PriceListRow)[]).find((k) => a[k] !== b[k]);
  if (!key) return null;
  const show = (value: string | number | null) => (value === null ? 'blank' : quote(String(value), 40));
  return `${FIELD_NAMES[key]} (${show(a[key])} vs ${show(b[key])})`;
}

function codeNote(code: string | undefined): string {
  return code?.trim() ? ` (NC code ${quote(code, 20)})` : '';
}

function normaliseLabel(label: string): string {
  return label.replace(/\s+/g, ' ').trim().toLowerCase();
}

function looksLikeHtml(text: string): boolean {
  return /<(?:!doctype|html|head|body|title)\b/i.test(text);
}

/** An HTML page where the file should be, named by its kind when it is a known error page. */
function notCsv(html: string): SourceError {
  const doc = parseHtml(html);
  const errorPage = recogniseErrorPage(doc);
  if (errorPage) return parseError(PRICE_LIST_SOURCE, `not a CSV file: the answer is ${errorPage.description}`);
  const title = pageTitle(doc);
  return parseError(PRICE_LIST_SOURCE, `not a CSV file: the answer is an HTML page${title ? ` (title ${quote(title)})` : ''}`);
}

// NC ABC Commission's allocated and limited distribution list (sources.md §5): an XLSX of two columns (NC
// Code, Product) under a label row "Updated M/D/YYYY", split by the section rows "ALLOCATED ITEMS" and
// "LIMITED DISTRIBUTION ITEMS", replaced in place. It is read by its label, header and section rows, never by
// fixed positions: whoever edits it by hand may add a title, a blank row or a column. The section rows are the
// only thing saying which kind each product is, so a file without them is refused whole rather than read as
// all one kind; an answer that is not an XLSX (an error page served with 200, a cut-off download) is a failed
// request, never an empty list.
import { InvalidInputError, readSheet } from 'read-excel-file/node';
import { env } from '../../env.ts';
import { SourceError, parseError, quote } from './errors.ts';
import { recogniseErrorPage } from './error-pages.ts';
import { fetchBytes } from './http.ts';
import { pageTitle, parseHtml } from './html.ts';

export const ALLOCATED_LIST_SOURCE = 'allocated and limited list';
export const ALLOCATED_LIST_PATH = '/local-abc-boards/public-allocated-and-limited-distribution-list/open';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface AllocatedListItem {
  /** 5 digits, leading zeros kept; "18-650" → "18650"; a number cell 1234 → "01234". */
  ncCode: string;
  product: string;
  listingType: 'Allocation' | 'Limited';
}

export interface AllocatedList {
  /** 'YYYY-MM-DD' from the "Updated M/D/YYYY" label; null when the file has no such label. */
  updatedOn: string | null;
  items: AllocatedListItem[];
}

export interface AllocatedListOptions {
  /** The Commission's website; default NC_ABC_WEBSITE_URL. */
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
}

export async function fetchAllocatedList(options: AllocatedListOptions = {}): Promise<AllocatedList> {
  const url = `${(options.baseUrl ?? env().NC_ABC_WEBSITE_URL).replace(/\/+$/, '')}${ALLOCATED_LIST_PATH}`;
  const bytes = await fetchBytes(url, {
    source: ALLOCATED_LIST_SOURCE,
    accept: `${XLSX_MIME},*/*;q=0.8`,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
  });
  try {
    return await parseAllocatedList(bytes);
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(url) : error;
  }
}

const fail = (reason: string) => parseError(ALLOCATED_LIST_SOURCE, reason);

type Section = AllocatedListItem['listingType'];
const SECTION_NAMES: Record<Section, string> = { Allocation: 'ALLOCATED ITEMS', Limited: 'LIMITED DISTRIBUTION ITEMS' };

/** A cell as read-excel-file gives it (its declared type says `typeof Date` where it means a Date). */
type Cell = string | number | boolean | Date | null;

/**
 * Read the list from the XLSX's bytes: its first sheet, rows compared trimmed and case-insensitive. The header
 * row ("NC Code", "Product", anywhere in the row) says which columns to read; each section row switches the
 * listing type of the rows after it; blank rows are skipped, and the same code twice in one section is one item.
 */
export async function parseAllocatedList(bytes: Uint8Array): Promise<AllocatedList> {
  const rows = await readFirstSheet(bytes);

  // The sections first: without both, no row can be given a listing type, and nothing may be written.
  const sections = new Set(rows.map(sectionOf).filter((s): s is Section => s !== null));
  if (sections.size === 0) {
    throw fail(`no section rows: not the allocated list's shape (expected ${quote(SECTION_NAMES.Allocation)} and ${quote(SECTION_NAMES.Limited)} rows; ${firstTexts(rows)})`);
  }
  for (const section of ['Allocation', 'Limited'] as const) {
    if (!sections.has(section)) throw fail(`no ${quote(SECTION_NAMES[section])} section row: not the allocated list's shape`);
  }

  let columns: { code: number; product: number } | null = null;
  let section: Section | null = null;
  let updatedOn: string | null = null;
  const items: AllocatedListItem[] = [];
  const seen = new Map<string, { section: Section; row: number }>();

  for (const [index, row] of rows.entries()) {
    const rowNumber = index + 1;
    if (row.every(isBlank)) continue;
    const next = sectionOf(row);
    if (next) {
      section = next;
      continue;
    }
    const header = headerOf(row, rowNumber, columns === null);
    if (header) {
      columns = header; // a header repeated under a section gives the columns from there on
      continue;
    }
    const dated = labelOf(row, rowNumber);
    if (dated !== undefined) {
      if (updatedOn !== null && dated !== updatedOn) throw fail(`row ${rowNumber}: a second 'Updated' label (${dated}) disagrees with the first (${updatedOn})`);
      updatedOn = dated;
      continue;
    }
    if (!columns) {
      // A title or a note above the table; but never a product, which would be lost without its columns.
      if (row.some(looksLikeCode)) throw fail(`row ${rowNumber}: ${quote(rowText(row))} looks like an item but comes before the 'NC Code | Product' header row`);
      continue;
    }
    const codeCell = row[columns.code] ?? null;
    const productCell = row[columns.product] ?? null;
    if (isBlank(codeCell) && isBlank(productCell)) throw fail(`row ${rowNumber}: no NC code or Product, but ${quote(rowText(row))}`);
    if (!section) throw fail(`row ${rowNumber}: item ${quote(rowText(row))} comes before any section row`);
    const item = readItem(codeCell, productCell, rowNumber, section);
    const before = seen.get(item.ncCode);
    if (before && before.section !== section) {
      throw fail(
        `row ${rowNumber}: NC code ${item.ncCode} is in both sections (${quote(SECTION_NAMES[before.section])} row ${before.row}, ${quote(SECTION_NAMES[section])} row ${rowNumber})`,
      );
    }
    if (before) continue; // listed twice in its section: one item
    seen.set(item.ncCode, { section, row: rowNumber });
    items.push(item);
  }

  if (!columns) throw fail(`no header row with 'NC Code' and 'Product' cells (${firstTexts(rows)})`);
  if (items.length === 0) throw fail('no items: the list has its header and section rows but not one product');
  return { updatedOn, items };
}

/** The first sheet's rows, or a parse error saying what came instead of an XLSX. */
async function readFirstSheet(bytes: Uint8Array): Promise<Cell[][]> {
  if (looksLikeHtml(bytes)) {
    const doc = parseHtml(new TextDecoder().decode(bytes));
    const errorPage = recogniseErrorPage(doc);
    const title = pageTitle(doc);
    throw fail(`not an XLSX file: the answer is ${errorPage ? errorPage.description : `an HTML page${title ? ` (title ${quote(title)})` : ''}`}`);
  }
  try {
    // A view of the same memory, not a copy: read-excel-file's Node entry takes a Buffer.
    const rows = await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return rows as unknown as Cell[][];
  } catch (error) {
    // Whatever the reader throws is about the bytes it was given: a failed answer, not a bug of ours.
    throw parseError(ALLOCATED_LIST_SOURCE, unreadable(error, bytes)).with({ cause: error });
  }
}

function unreadable(error: unknown, bytes: Uint8Array): string {
  if (error instanceof InvalidInputError) {
    switch (error.code) {
      case 'NO_DATA':
        return 'not an XLSX file: the answer is empty';
      case 'XLS_FILE_NOT_SUPPORTED':
        return 'not an XLSX file: it is a legacy binary .xls file';
      case 'INVALID_ZIP':
        return 'not a readable XLSX file: its zip archive is broken or cut short';
      default:
        return `not an XLSX file: it does not start as a zip archive does (${startOf(bytes)})`;
    }
  }
  return `not a readable XLSX file: ${quote(error instanceof Error ? error.message : String(error), 120)}`;
}

/** An HTML (or XML) answer starts with '<', after any byte-order mark and white space; a zip starts with "PK". */
function looksLikeHtml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x3c;
}

/** The start of an answer that is no zip: its text when it is text (JSON, a plain error), else its bytes. */
function startOf(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 40);
  if (head.length > 0 && head.every((b) => (b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d)) {
    return `it starts ${quote(new TextDecoder().decode(head), 40)}`;
  }
  return `first bytes ${[...bytes.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ')}`;
}

/** A cell's text, white space collapsed; '' for an empty cell and for a date (dates are read only where expected). */
function text(cell: Cell): string {
  if (cell === null || cell instanceof Date) return '';
  return String(cell).replace(/\s+/g, ' ').trim();
}

function isBlank(cell: Cell): boolean {
  return !(cell instanceof Date) && text(cell) === '';
}

/** How a label compares: case-insensitive, with no trailing colon. */
function label(cell: Cell): string {
  return text(cell).toLowerCase().replace(/\s*:$/, '');
}

function rowText(row: Cell[]): string {
  return row.filter((c) => !isBlank(c)).map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : text(c))).join(' | ');
}

/** The first few non-blank rows, for an error about a file of another shape. */
function firstTexts(rows: Cell[][]): string {
  const texts = rows.map(rowText).filter(Boolean).slice(0, 3);
  return texts.length ? `it starts ${texts.map((t) => quote(t, 60)).join(', ')}` : 'the first sheet is empty';
}

const SECTION_ROW = /^(allocated|limited distribution) items?$/;

/** A section row: one non-blank cell, "ALLOCATED ITEMS" or "LIMITED DISTRIBUTION ITEMS" (any case, a colon allowed). */
function sectionOf(row: Cell[]): Section | null {
  const filled = row.filter((c) => !isBlank(c));
  if (filled.length !== 1) return null;
  const m = SECTION_ROW.exec(label(filled[0]));
  return m ? (m[1] === 'allocated' ? 'Allocation' : 'Limited') : null;
}

/**
 * The columns a header row names. Before the first header, a row naming "NC Code" without "Product" is the
 * header changed, and an error; once the columns are known, such a row is an item whose product says "NC Code".
 */
function headerOf(row: Cell[], rowNumber: number, first: boolean): { code: number; product: number } | null {
  const labels = row.map(label);
  const code = labels.indexOf('nc code');
  const product = labels.indexOf('product');
  if (code >= 0 && product >= 0) return { code, product };
  if (first && code >= 0) throw fail(`row ${rowNumber}: the header row reads ${quote(rowText(row))}: no 'Product' column`);
  return null;
}

const LABEL = /^(?:last )?updated(?: on)?:? ?(.*)$/i;
const DATE_TEXT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * The date of an "Updated" label row, 'YYYY-MM-DD'; undefined when the row is no label. The label is a text cell
 * "Updated M/D/YYYY", or "Updated" followed by the date in a later cell (a date cell, or its text); the row holds
 * nothing else, so a product whose name starts with "Updated" is never taken for it.
 */
function labelOf(row: Cell[], rowNumber: number): string | undefined {
  const filled = row.filter((c) => !isBlank(c));
  const m = filled.length > 0 && filled.length <= 2 ? LABEL.exec(text(filled[0])) : null;
  if (!m) return undefined;
  const [, rest] = m;
  if (filled.length === 1) {
    const date = DATE_TEXT.exec(rest);
    return date ? calendarDate(+date[3], +date[1], +date[2], rowNumber, rest) : undefined;
  }
  if (rest !== '') return undefined;
  const value = filled[1];
  if (value instanceof Date) return calendarDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate(), rowNumber, value.toISOString());
  // A date whose format the reader did not know comes as Excel's serial day number (days since 1899-12-30).
  if (typeof value === 'number' && Number.isInteger(value) && value > 36_000 && value < 80_000) {
    const day = new Date(Date.UTC(1899, 11, 30) + value * 86_400_000);
    return calendarDate(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), rowNumber, String(value));
  }
  const date = DATE_TEXT.exec(text(value));
  return date ? calendarDate(+date[3], +date[1], +date[2], rowNumber, text(value)) : undefined;
}

function calendarDate(year: number, month: number, day: number, rowNumber: number, shown: string): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw fail(`row ${rowNumber}: the 'Updated' label's date ${quote(shown, 30)} is not a calendar date`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A code as printed ("18650", "18-650", "28") or typed as a number (Excel drops the leading zeros). */
function looksLikeCode(cell: Cell): boolean {
  return typeof cell === 'number' || /^\d{1,5}$/.test(text(cell).replace(/-/g, ''));
}

function readItem(codeCell: Cell, productCell: Cell, rowNumber: number, listingType: Section): AllocatedListItem {
  const product = text(productCell);
  if (isBlank(codeCell)) throw fail(`row ${rowNumber}: no NC code for ${quote(product)}`);
  const ncCode = ncCodeOf(codeCell);
  const shown = codeCell instanceof Date ? codeCell.toISOString().slice(0, 10) : text(codeCell);
  if (ncCode === null) throw fail(`row ${rowNumber}: NC code ${quote(shown, 30)} is not 1–5 digits`);
  if (!product) throw fail(`row ${rowNumber} (NC code ${ncCode}): empty Product`);
  return { ncCode, product, listingType };
}

/** "18-650" → "18650", "28" → "00028", the number 1234 → "01234"; null when it is no NC code. */
function ncCodeOf(cell: Cell): string | null {
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 0 && cell <= 99_999 ? String(cell).padStart(5, '0') : null;
  if (typeof cell !== 'string') return null;
  const digits = text(cell).replace(/[\s-]/g, '');
  return /^\d{1,5}$/.test(digits) ? digits.padStart(5, '0') : null;
}

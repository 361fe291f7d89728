// NC ABC shipments extract (sources.md §4): ~18 MB of JSON, ~85,000 rolling 16-day totals of bottles
// shipped per (product, board). Memory matters more than elegance here: the body is read once as text,
// parsed once, and mapped to small records whose repeated strings (board and product names) are shared,
// so the parsed tree can be collected as soon as we return. Every record is validated: a dropped record
// would later reappear as a phantom shipment, so a bad one fails the whole extract.
import { env } from '../../env.ts';
import { nyTimeToUtc } from '../../time.ts';
import { SourceError, parseError, quote } from './errors.ts';
import { fetchText } from './http.ts';

export const SHIPMENTS_SOURCE = 'shipments extract';

export interface ShipmentRecord {
  /** NC code, 5 digits, dashes removed. */
  plu: string;
  boardName: string;
  /** Bottles shipped over roughly the last 16 days (a rolling total, not one shipment). */
  units: number;
  productName: string;
}

export interface ShipmentsExtract {
  /** metadata.extractDatetime, read as New York local time. */
  extractedAt: Date;
  records: ShipmentRecord[];
  warnings: string[];
}

export interface ShipmentsOptions {
  baseUrl?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
}

export async function fetchShipments(options: ShipmentsOptions = {}): Promise<ShipmentsExtract> {
  const url = `${(options.baseUrl ?? env().NC_ABC_BASE_URL).replace(/\/+$/, '')}/Search/StockShippedData`;
  const body = await fetchText(url, { source: SHIPMENTS_SOURCE, signal: options.signal, timeoutMs: options.timeoutMs, retries: options.retries });
  try {
    return parseShipments(body);
  } catch (error) {
    throw error instanceof SourceError ? error.withUrl(url) : error;
  }
}

export function parseShipments(body: string): ShipmentsExtract {
  const fail = (reason: string) => parseError(SHIPMENTS_SOURCE, reason);
  const data = parseJson(body);

  if (!isObject(data)) throw fail(`expected a JSON object, got ${describeType(data)}`);
  const metadata = data.metadata;
  if (!isObject(metadata) || typeof metadata.extractDatetime !== 'string') throw fail('metadata.extractDatetime is missing');
  const extractedAt = parseExtractDatetime(metadata.extractDatetime);
  if (!extractedAt) throw fail(`metadata.extractDatetime ${quote(metadata.extractDatetime, 40)} is not 'YYYY-MM-DD HH:MM:SS'`);
  const raw = data.records;
  if (!Array.isArray(raw)) throw fail(`records is ${describeType(raw)}, expected an array`);
  if (raw.length === 0) throw new SourceError({ kind: 'no_data', source: SHIPMENTS_SOURCE, reason: 'the extract has no records' });

  // One shared copy of each board and product name instead of 85,000.
  const names = new Map<string, string>();
  const intern = (s: string) => {
    const known = names.get(s);
    if (known !== undefined) return known;
    names.set(s, s);
    return s;
  };

  const records: ShipmentRecord[] = [];
  // boardName → plu → index in records; nested so no 85,000 composite key strings are built.
  const indexByBoard = new Map<string, Map<string, number>>();
  let duplicates = 0;
  let firstDuplicate = '';
  for (let i = 0; i < raw.length; i++) {
    const r: unknown = raw[i];
    if (!isObject(r)) throw fail(`record ${i + 1} is ${describeType(r)}, expected an object`);
    const { NUMUNITS: units, NCcode: code, boardName, ProductName: productName } = r;
    if (typeof code !== 'string') throw fail(`record ${i + 1}: NCcode is ${describeType(code)}, expected a string`);
    const plu = isFiveDigits(code) ? code : code.replace(/-/g, '').trim();
    if (!isFiveDigits(plu)) throw fail(`record ${i + 1}: NCcode ${quote(code, 20)} is not 5 digits`);
    if (typeof units !== 'number' || !Number.isInteger(units) || units < 0) {
      throw fail(`record ${i + 1} (NCcode ${plu}): NUMUNITS ${quote(JSON.stringify(units) ?? 'undefined', 20)} is not a non-negative integer`);
    }
    if (typeof boardName !== 'string' || boardName.trim() === '') throw fail(`record ${i + 1} (NCcode ${plu}): boardName is missing or empty`);
    if (productName !== undefined && productName !== null && typeof productName !== 'string') {
      throw fail(`record ${i + 1} (NCcode ${plu}): ProductName is ${describeType(productName)}, expected a string`);
    }

    const record: ShipmentRecord = { plu, boardName: intern(boardName.trim()), units, productName: intern((productName ?? '').trim()) };
    let board = indexByBoard.get(record.boardName);
    if (!board) indexByBoard.set(record.boardName, (board = new Map()));
    const existing = board.get(plu);
    if (existing === undefined) {
      board.set(plu, records.length);
      records.push(record);
    } else {
      // (NCcode, boardName) should be unique; the later record is taken as the newer.
      records[existing] = record;
      if (duplicates++ === 0) firstDuplicate = `${plu} / ${record.boardName}`;
    }
  }

  const warnings: string[] = [];
  if (duplicates > 0) {
    warnings.push(`${duplicates} duplicate (NCcode, boardName) record${duplicates === 1 ? '' : 's'}; kept the last of each (first: ${firstDuplicate})`);
  }
  return { extractedAt, records, warnings };
}

/** "2026-07-20 11:03:56" (New York wall clock) → the UTC instant; null when malformed or impossible. */
export function parseExtractDatetime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const civil = new Date(Date.UTC(year, month - 1, day));
  if (civil.getUTCMonth() !== month - 1 || civil.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return nyTimeToUtc(civil.toISOString().slice(0, 10), hour, minute, second);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    const start = body.trimStart();
    if (start.startsWith('<')) throw parseError(SHIPMENTS_SOURCE, `expected JSON, got HTML starting ${quote(start, 60)}`);
    if (start === '') throw parseError(SHIPMENTS_SOURCE, 'empty response body');
    // JSON that stops mid-document is a cut-off download, the usual failure for an 18 MB body.
    const truncated = /end of (JSON )?input|unterminated/i.test(message) || !/[}\]]\s*$/.test(body);
    throw parseError(
      SHIPMENTS_SOURCE,
      truncated
        ? `JSON ends early after ${body.length.toLocaleString('en-US')} characters: the response was truncated (${message})`
        : `invalid JSON (${message})`,
    );
  }
}

function isFiveDigits(s: string): boolean {
  if (s.length !== 5) return false;
  for (let i = 0; i < 5; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}

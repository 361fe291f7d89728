// A small RFC 4180 CSV reader for the committed seed files (quoted fields may hold commas, quotes
// doubled inside quotes, CRLF or LF line ends). No dependency needed for a few hundred kilobytes.

/** Parses CSV text into rows of fields. A trailing newline does not make an empty last row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1; // byte-order mark
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (quoted) throw new Error('CSV: unterminated quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Parses CSV with a header row into objects keyed by the header names; checks the expected columns. */
export function parseCsvRecords<K extends string>(text: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('CSV: empty file');
  const index = columns.map((name) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`CSV: missing column "${name}" (header: ${header.join(', ')})`);
    return at;
  });
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((r, n) => {
      if (r.length !== header.length) {
        throw new Error(`CSV: row ${n + 2} has ${r.length} fields, expected ${header.length}`);
      }
      const record = {} as Record<K, string>;
      columns.forEach((name, k) => (record[name] = r[index[k]]));
      return record;
    });
}

/** Quotes a field when needed (for writing the compact seed files). */
export function csvField(value: string | number | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

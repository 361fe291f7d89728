// The NC ABC Commission's price list export (sources.md §5, GET /Pricing/ExportData): CSV with the header
// row of PRICE_LIST_COLUMNS, NC codes dashed as the real list prints them ("18-650"), prices "64.95", proof
// "90.0", blanks for unknowns and CRLF line ends. csv-stringify does the quoting (commas, quotes, line breaks).
import { stringify } from 'csv-stringify/sync';
import { PRICE_LIST_COLUMNS, type PriceListRow } from '../lib/ingest/sources/price-list.ts';

export function renderPriceListCsv(rows: PriceListRow[]): string {
  const records = rows.map((row) => [
    dashedCode(row.ncCode),
    row.supplier,
    row.brandName,
    row.age ?? '',
    row.proof === null ? '' : row.proof.toFixed(1),
    row.bottleSize,
    price(row.retailPrice),
    price(row.mixedBeveragePrice),
  ]);
  return stringify([[...PRICE_LIST_COLUMNS], ...records], {
    record_delimiter: 'windows',
    // With an explicit record_delimiter csv-stringify stops quoting bare '\n' and '\r' unless told to.
    quote_record_delimiter: true,
  });
}

/** "18650" → "18-650": the first two digits, a dash, the last three. */
function dashedCode(ncCode: string): string {
  if (!/^\d{5}$/.test(ncCode)) throw new RangeError(`an NC code is 5 digits, got '${ncCode}'`);
  return `${ncCode.slice(0, 2)}-${ncCode.slice(2)}`;
}

function price(value: number | null): string {
  return value === null ? '' : value.toFixed(2);
}

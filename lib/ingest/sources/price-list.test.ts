import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPriceListCsv } from '../../../simulator/render-price-list.ts';
import { bounded, ok } from '../../../testing/properties.ts';
import { SourceError } from './errors.ts';
import { PRICE_LIST_COLUMNS, PRICE_LIST_PATH, fetchPriceList, parsePriceList, type PriceListRow } from './price-list.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';
import { parseSizeMl } from './values.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function failure(csv: string): SourceError {
  try {
    parsePriceList(csv);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('parse');
    return error as SourceError;
  }
  throw new Error('expected an error');
}

const HEADER = PRICE_LIST_COLUMNS.join(',');
/** A file in the documented column order, CRLF line ends. */
const csvOf = (...rows: string[]) => [HEADER, ...rows].map((line) => `${line}\r\n`).join('');
const STAGG = '20-595,Sazerac Co.,Stagg Bourbon,NAS,130.0,.75L,$64.95,$68.45';
const BLANTONS = "27-090,Sazerac Co.,Blanton's Single Barrel,,93.0,750ML,79.95,83.70";

describe('parsePriceList', () => {
  it('reads every column of the documented export', () => {
    expect(parsePriceList(csvOf(STAGG, BLANTONS, '00-124,WhistlePig,WhistlePig 15Y,15 YR,92.0,1.75L,,'))).toEqual<PriceListRow[]>([
      {
        ncCode: '20595',
        supplier: 'Sazerac Co.',
        brandName: 'Stagg Bourbon',
        age: 'NAS',
        proof: 130,
        bottleSize: '.75L',
        sizeMl: 750,
        retailPrice: 64.95,
        mixedBeveragePrice: 68.45,
      },
      {
        ncCode: '27090',
        supplier: 'Sazerac Co.',
        brandName: "Blanton's Single Barrel",
        age: null,
        proof: 93,
        bottleSize: '750ML',
        sizeMl: 750,
        retailPrice: 79.95,
        mixedBeveragePrice: 83.7,
      },
      {
        ncCode: '00124',
        supplier: 'WhistlePig',
        brandName: 'WhistlePig 15Y',
        age: '15 YR',
        proof: 92,
        bottleSize: '1.75L',
        sizeMl: 1750,
        retailPrice: null,
        mixedBeveragePrice: null,
      },
    ]);
  });

  it('reads the shape a public tracker captured: every text quoted, a trailing comma on every line, codes undashed', () => {
    const csv =
      '"NC Code","Supplier","Brand Name","Age","Proof","Bottle Size","Retail Bottle Price","Mixed Beverage Price",\r\n' +
      '00124,"WhistlePig","WhistlePig 15Y","015Y","92",".75L","$199.95","$203.70",\r\n' +
      '17158,"Beam Suntory","Maker\'s Mark Cellar Aged 2026","0Y","112","700ML","$174.95","$178.45",\r\n';
    expect(parsePriceList(csv)).toEqual([
      { ncCode: '00124', supplier: 'WhistlePig', brandName: 'WhistlePig 15Y', age: '015Y', proof: 92, bottleSize: '.75L', sizeMl: 750, retailPrice: 199.95, mixedBeveragePrice: 203.7 },
      { ncCode: '17158', supplier: 'Beam Suntory', brandName: "Maker's Mark Cellar Aged 2026", age: '0Y', proof: 112, bottleSize: '700ML', sizeMl: 700, retailPrice: 174.95, mixedBeveragePrice: 178.45 },
    ]);
  });

  it('keeps leading zeros, removes the dash and restores a zero a spreadsheet dropped', () => {
    const codes = parsePriceList(csvOf(STAGG.replace('20-595', '18-650'), STAGG.replace('20-595', '1234'), STAGG.replace('20-595', '0-028'), STAGG.replace('20-595', '7'))).map((r) => r.ncCode);
    expect(codes).toEqual(['18650', '01234', '00028', '00007']);
  });

  it('reads LF line ends as well as CRLF, and a file mixing them', () => {
    const lf = [HEADER, STAGG, BLANTONS].join('\n') + '\n';
    const mixed = `${HEADER}\r\n${STAGG}\n${BLANTONS}\r\n`;
    expect(parsePriceList(lf)).toEqual(parsePriceList(csvOf(STAGG, BLANTONS)));
    expect(parsePriceList(mixed)).toEqual(parsePriceList(csvOf(STAGG, BLANTONS)));
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const [row] = parsePriceList(csvOf('27-090,"Sazerac Co., Inc.","Blanton\'s ""Gold"" Edition","12 YR",93.0,.75L,"$1,299.99",'));
    expect(row).toMatchObject({ supplier: 'Sazerac Co., Inc.', brandName: 'Blanton\'s "Gold" Edition', age: '12 YR', retailPrice: 1299.99, mixedBeveragePrice: null });
    expect(parsePriceList(csvOf('27-090,"Sazerac\r\nCo.",Blanton,,,.75L,,'))[0].supplier).toBe('Sazerac\r\nCo.');
  });

  it('skips blank lines (empty, spaces, or only commas) and does not count them as rows', () => {
    const csv = `\r\n${HEADER}\r\n\r\n${STAGG}\r\n   \r\n,,,,,,,\r\n\r\n${BLANTONS}\r\n\r\n`;
    expect(parsePriceList(csv).map((r) => r.ncCode)).toEqual(['20595', '27090']);
    expect(failure(`${HEADER}\r\n\r\n${STAGG}\r\n\r\n20-59x,a,b,,,,,\r\n`).message).toBe("price list: row 2 (NC code '20-59x'): NC code '20-59x' is not 1 to 5 digits");
  });

  it('finds the columns by their labels: a byte-order mark, any case, padding, any order, extra columns', () => {
    const header = '\uFEFF  brand name ,NC CODE,Listing Type,Mixed Beverage  Price,Retail Bottle Price,Bottle Size,Proof,Age,Supplier,Notes';
    const csv = `${header}\r\n"Stagg Bourbon",20-595,Allocation,$68.45,$64.95,.75L,130.0,NAS,Sazerac Co.,new\r\n`;
    expect(parsePriceList(csv)).toEqual(parsePriceList(csvOf(STAGG)));
  });

  it('trims the cells', () => {
    expect(parsePriceList(csvOf(' 20-595 , Sazerac Co. ,Stagg Bourbon , NAS , 130.0 , .75L , $64.95 , $68.45 '))).toEqual(parsePriceList(csvOf(STAGG)));
  });

  it('reads the same row printed twice as one row', () => {
    expect(parsePriceList(csvOf(STAGG, BLANTONS, STAGG.replace('20-595', '20595').replace('$64.95', '64.95')))).toHaveLength(2);
  });

  it('fails on one NC code printed twice with different values, naming both rows and the difference', () => {
    expect(failure(csvOf(STAGG, BLANTONS, STAGG.replace('$64.95', '$69.95'))).message).toBe(
      "price list: NC code 20595 is printed twice with different values: rows 1 and 3 differ in Retail Bottle Price ('64.95' vs '69.95')",
    );
    expect(failure(csvOf(STAGG, STAGG.replace('NAS', ''))).message).toBe("price list: NC code 20595 is printed twice with different values: rows 1 and 2 differ in Age ('NAS' vs blank)");
  });

  it.each([
    ['warehouse-maintenance.html', "price list: not a CSV file: the answer is a maintenance page (title 'Site Maintenance - NC ABC Commission')"],
    ['warehouse-firewall.html', "price list: not a CSV file: the answer is a firewall or challenge page (title 'Request Rejected')"],
    ['warehouse-error-server.html', "price list: not a CSV file: the answer is a server error page (title 'Runtime Error', heading 'Server Error in '/' Application.')"],
  ])('fails on an HTML page (%s) where the CSV should be, naming its kind', (name, message) => {
    expect(failure(fixture(name)).message).toBe(message);
  });

  it('fails on any other HTML page, naming its title', () => {
    expect(failure('\uFEFF  <!DOCTYPE html><html><head><title>Price List - NC ABC Commission</title></head><body><table></table></body></html>').message).toBe(
      "price list: not a CSV file: the answer is an HTML page (title 'Price List - NC ABC Commission')",
    );
    expect(failure('<p>hello</p>').message).toBe('price list: not a CSV file: the answer is an HTML page');
  });

  it('fails on an HTML page that does not start with "<"', () => {
    expect(failure('Notice\r\n<html><head><title>Site Maintenance</title></head><body class="x"></body></html>\r\n').message).toBe(
      "price list: not a CSV file: the answer is a maintenance page (title 'Site Maintenance')",
    );
    expect(failure('Notice\r\n<html><head><title>Home</title></head><body></body></html>\r\n').message).toBe("price list: not a CSV file: the answer is an HTML page (title 'Home')");
  });

  it('fails on an empty file', () => {
    expect(failure('').message).toBe('price list: the file is empty');
    expect(failure('\uFEFF\r\n  \r\n').message).toBe('price list: the file is empty');
    expect(failure(',,,\r\n').message).toBe('price list: the file is empty');
  });

  it('fails on a header with no rows: never an empty catalog', () => {
    expect(failure(csvOf()).message).toBe('price list: no rows: not a whole price list');
    expect(failure(`${HEADER}\r\n\r\n,,,,,,,\r\n`).message).toBe('price list: no rows: not a whole price list');
  });

  it('fails on a missing column, naming it', () => {
    const without = (...gone: string[]) => PRICE_LIST_COLUMNS.filter((c) => !gone.includes(c)).join(',');
    expect(failure(`${without('Proof')}\r\n20-595,Sazerac Co.,Stagg Bourbon,NAS,.75L,$64.95,$68.45\r\n`).message).toBe(
      "price list: header changed: column 'Proof' missing (found 'NC Code | Supplier | Brand Name | Age | Bottle Size | Retail Bottle Price | Mixed Beverage Price')",
    );
    expect(failure(`${without('Age', 'Mixed Beverage Price')}\r\n`).message).toContain("header changed: columns 'Age', 'Mixed Beverage Price' missing");
    // A renamed column is a missing one.
    expect(failure(`${HEADER.replace('Retail Bottle Price', 'Retail Price')}\r\n${STAGG}\r\n`).message).toContain("column 'Retail Bottle Price' missing");
  });

  it('fails when the first row is no header', () => {
    expect(failure(`${STAGG}\r\n${BLANTONS}\r\n`).message).toBe(
      "price list: header missing: the first row is '20-595 | Sazerac Co. | Stagg Bourbon | NAS | 130.0 | .75L | $64.95 | $68.45', which names none of the columns",
    );
  });

  it('fails on a column named twice', () => {
    expect(failure(`${HEADER},proof\r\n${STAGG},90\r\n`).message).toBe("price list: header has column 'Proof' 2 times (columns 5, 9)");
  });

  it('fails on a file cut inside a quoted field', () => {
    expect(failure(`${csvOf(STAGG)}27-090,"Sazerac`).message).toBe('price list: the file ends inside a quoted field (line 3), so it was cut short');
    expect(failure(`${csvOf(STAGG)}27-090,"Sazerac\r\nCo.`).message).toContain('the file ends inside a quoted field');
  });

  it('fails on a file cut mid-row: a last row with fewer cells', () => {
    expect(failure(`${csvOf(STAGG)}27-090,Sazerac Co.,Blan`).message).toBe('price list: the file ends mid-row: its last row (row 2) has 3 of 8 cells, so it was cut short');
    expect(failure(`${csvOf(STAGG)}27-0`).message).toBe('price list: the file ends mid-row: its last row (row 2) has 1 of 8 cells, so it was cut short');
    // Cut right after a line end of a row, the last row is whole but short too.
    expect(failure(csvOf(STAGG, '27-090,Sazerac Co.')).message).toBe('price list: the file ends mid-row: its last row (row 2) has 2 of 8 cells, so it was cut short');
  });

  it('fails on a file cut in its last cell: it does not end with a line break', () => {
    expect(failure(`${csvOf(STAGG)}${BLANTONS.slice(0, -1)}`).message).toBe('price list: the file does not end with a line break: its last row (row 2) may be cut short');
  });

  it('fails on a row with more or fewer cells than the header', () => {
    expect(failure(csvOf(STAGG, '27-090,Sazerac Co.,Blanton', BLANTONS)).message).toBe("price list: row 2 (NC code '27-090'): expected 8 cells like the header, found 3");
    expect(failure(csvOf(`${STAGG},extra`, BLANTONS)).message).toBe("price list: row 1 (NC code '20-595'): expected 8 cells like the header, found 9");
  });

  it.each([
    ['18-6500', "row 2 (NC code '18-6500'): NC code '18-6500' is not 1 to 5 digits"],
    ['12345678', "row 2 (NC code '12345678'): NC code '12345678' is not 1 to 5 digits"],
    ['N/A', "row 2 (NC code 'N/A'): NC code 'N/A' is not 1 to 5 digits"],
    ['-', "row 2 (NC code '-'): NC code '-' is not 1 to 5 digits"],
    ['', "row 2: NC code '' is not 1 to 5 digits"],
  ])('fails on the NC code %j, naming the row', (code, reason) => {
    expect(failure(csvOf(STAGG, BLANTONS.replace('27-090', code))).message).toBe(`price list: ${reason}`);
  });

  it.each([
    ['Retail Bottle Price', 'N/A', "Retail Bottle Price 'N/A' is not a price"],
    ['Retail Bottle Price', 'call 555', "Retail Bottle Price 'call 555' is not a price"],
    ['Retail Bottle Price', '64.95 USD', "Retail Bottle Price '64.95 USD' is not a price"],
    ['Mixed Beverage Price', '-3.00', "Mixed Beverage Price '-3.00' is not a price"],
    ['Mixed Beverage Price', '$', "Mixed Beverage Price '$' is not a price"],
    ['Proof', '90 proof', "Proof '90 proof' is not a number"],
  ])('fails on %s %j, naming the row', (column, value, reason) => {
    const cells = BLANTONS.split(',');
    cells[PRICE_LIST_COLUMNS.indexOf(column as (typeof PRICE_LIST_COLUMNS)[number])] = value;
    expect(failure(csvOf(STAGG, cells.join(','))).message).toBe(`price list: row 2 (NC code '27-090'): ${reason}`);
  });

  it('fails on an empty Brand Name', () => {
    expect(failure(csvOf('20-595,Sazerac Co.,,NAS,130.0,.75L,$64.95,$68.45')).message).toBe("price list: row 1 (NC code '20-595'): empty Brand Name");
  });

  it('fails on text that is no CSV at all', () => {
    expect(failure(`${HEADER}\r\n20-595,Sazerac "Co",Stagg,,,,,\r\n`).message).toMatch(/^price list: not readable as CSV: Invalid Opening Quote: .*line 2/);
  });
});

describe('renderPriceListCsv (the simulator) and parsePriceList', () => {
  it('prints the documented shape', () => {
    const rows = parsePriceList(csvOf(STAGG, BLANTONS));
    expect(renderPriceListCsv(rows)).toBe(
      `${HEADER}\r\n20-595,Sazerac Co.,Stagg Bourbon,NAS,130.0,.75L,64.95,68.45\r\n27-090,Sazerac Co.,Blanton's Single Barrel,,93.0,750ML,79.95,83.70\r\n`,
    );
  });

  /** Text as a list prints it: trimmed, with the characters CSV must quote (commas, quotes, line breaks). */
  const text = (minLength: number) =>
    fc
      .array(fc.constantFrom('a', 'Z', '7', ' ', ',', '"', "'", '\n', '\r\n', '\r', '$', '.', '-', 'é', '…', '=', '<'), { minLength, maxLength: 24 })
      .map((chars) => chars.join('').trim())
      .filter((s) => s.length >= minLength);
  const amount = (max: number, decimals: number) => fc.option(fc.integer({ min: 0, max }).map((n) => n / 10 ** decimals), { nil: null });
  const rowArb = fc
    .record({
      ncCode: fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, '0')),
      supplier: text(0),
      brandName: text(1),
      age: fc.option(fc.oneof(fc.constantFrom('12 YR', 'NAS', '015Y', '0Y'), text(1)), { nil: null }),
      proof: amount(2000, 1),
      bottleSize: fc.oneof(fc.constantFrom('750ML', '.75L', '1.75L', '50ML', '1L', '375ML', ''), text(0)),
      retailPrice: amount(999_999, 2),
      mixedBeveragePrice: amount(999_999, 2),
    })
    // In PriceListRow's key order, so the rows read back compare as JSON.
    .map(({ ncCode, supplier, brandName, age, proof, bottleSize, retailPrice, mixedBeveragePrice }): PriceListRow => {
      return { ncCode, supplier, brandName, age, proof, bottleSize, sizeMl: parseSizeMl(bottleSize), retailPrice, mixedBeveragePrice };
    });

  it('reads back any rows the simulator prints', () => {
    fc.assert(
      fc.property(fc.uniqueArray(rowArb, { minLength: 1, maxLength: 12, selector: (r) => r.ncCode }), (rows) => {
        const read = bounded(() => parsePriceList(renderPriceListCsv(rows)));
        ok(JSON.stringify(read) === JSON.stringify(rows), () => `read back ${JSON.stringify(read)}`);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('fetchPriceList', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('GETs the export as CSV and reads it', async () => {
    server = await startServer((_req, res) => send(res, 200, csvOf(STAGG, BLANTONS), { 'Content-Type': 'text/csv; charset=utf-8' }));
    const rows = await fetchPriceList({ baseUrl: `${server.url}//`, retries: 0 });
    expect(rows.map((r) => r.ncCode)).toEqual(['20595', '27090']);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: PRICE_LIST_PATH, body: '' });
    expect(server.requests[0].headers.accept).toBe('text/csv,text/plain;q=0.9,*/*;q=0.8');
  });

  it('names the request in a parse error: a maintenance page served with HTTP 200', async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('warehouse-maintenance.html')));
    await expect(fetchPriceList({ baseUrl: server.url, retries: 0 })).rejects.toMatchObject({
      kind: 'parse',
      message: `price list: not a CSV file: the answer is a maintenance page (title 'Site Maintenance - NC ABC Commission') (${server.url}/Pricing/ExportData)`,
    });
  });

  it('names the request in a truncation error', async () => {
    server = await startServer((_req, res) => send(res, 200, `${csvOf(STAGG)}27-090,Sazerac`, { 'Content-Type': 'text/csv' }));
    await expect(fetchPriceList({ baseUrl: server.url, retries: 0 })).rejects.toMatchObject({
      kind: 'parse',
      message: `price list: the file ends mid-row: its last row (row 2) has 2 of 8 cells, so it was cut short (${server.url}/Pricing/ExportData)`,
    });
  });
});

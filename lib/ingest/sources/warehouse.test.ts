import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { WAREHOUSE_COLUMNS, fetchWarehouseStock, parseInteger, parseWarehouseStock, reportDateParam, type WarehouseRow } from './warehouse.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function failure(html: string): SourceError {
  try {
    parseWarehouseStock(html);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return error as SourceError;
  }
  throw new Error('expected an error');
}

const header = `<tr>${WAREHOUSE_COLUMNS.map((c) => `<th>${c}</th>`).join('')}</tr>`;
const table = (rows: string) => `<table class="table table-bordered table-striped"><thead>${header}</thead><tbody>${rows}</tbody></table>`;
const row = (cells: string[], id = 'StockItemDetails') => `<tr id="${id}">${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
const good = ['27090', "Blanton's Single Barrel", 'Allocation', '224', '750ML', '56', 'Sazerac Co.', '0', 'Rick Henry'];

describe('parseWarehouseStock', () => {
  const rows = parseWarehouseStock(fixture('warehouse-stocks.html'));
  const byCode = (code: string) => rows.find((r) => r.ncCode === code)!;

  it('reads every detail row and ignores the summary table', () => {
    expect(rows).toHaveLength(21);
    expect(rows.every((r) => /^\d{5}$/.test(r.ncCode))).toBe(true);
  });

  it('reads all nine columns', () => {
    expect(byCode('27090')).toEqual({
      ncCode: '27090',
      brandName: "Blanton's Single Barrel",
      listingType: 'Allocation',
      totalAvailable: 224,
      size: '750ML',
      sizeMl: 750,
      casesPerPallet: 56,
      supplier: 'Sazerac Co.',
      supplierAllotment: 0,
      brokerName: 'Rick Henry',
    });
  });

  it('reads every size in millilitres', () => {
    expect(rows.every((r) => r.sizeMl !== null && r.sizeMl > 0)).toBe(true);
  });

  it('removes the dash from a dashed NC code and keeps leading zeros', () => {
    expect(byCode('18036').brandName).toBe('Elijah Craig (NCABC BTB)');
    expect(byCode('00028').brandName).toBe('Garrison Brothers Small Batch Bourbon');
  });

  it('reads thousands separators', () => {
    expect(byCode('27169').totalAvailable).toBe(1202);
    expect(byCode('44238').totalAvailable).toBe(10857);
  });

  it('decodes entities', () => {
    expect(byCode('63013').brandName).toBe('B & B DOM');
    expect(byCode('62426').supplier).toBe('E & J Gallo Winery');
    expect(byCode('64384').brandName).toBe('1800 Cucumber & Jalapeño Tequila');
  });

  it('reads an empty Supplier Allotment as null', () => {
    expect(byCode('00219').supplierAllotment).toBeNull();
  });

  it('reports an empty table as "no data yet", never as all zero', () => {
    const error = failure(fixture('warehouse-empty.html'));
    expect(error.kind).toBe('no_data');
    expect(error.message).toBe("warehouse report: no data yet: the day's stock table has no rows");
  });

  it('fails on a changed header, naming the difference', () => {
    const error = failure(fixture('warehouse-changed-header.html'));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(
      "warehouse report: table header changed: expected 9 columns 'NC Code | Brand Name | Listing Type | Total Available | Size | Cases Per Pallet | Supplier | Supplier Allotment | Broker Name', " +
        "found 10 'NC Code | Brand Name | Listing Type | Available | Size | Cases Per Pallet | Supplier | Supplier Allotment | Broker Name | Last Updated' (column 4 is 'Available', expected 'Total Available')",
    );
  });

  it('fails on a missing column and on reordered columns', () => {
    const missing = `<table class="table table-bordered table-striped"><tr>${WAREHOUSE_COLUMNS.slice(0, 8).map((c) => `<th>${c}</th>`).join('')}</tr></table>`;
    expect(failure(missing).message).toContain("(column 9 'Broker Name' is missing)");
    const swapped = [...WAREHOUSE_COLUMNS];
    [swapped[6], swapped[8]] = [swapped[8], swapped[6]];
    const reordered = `<table class="table table-bordered table-striped"><tr>${swapped.map((c) => `<th>${c}</th>`).join('')}</tr></table>`;
    expect(failure(reordered).message).toContain("(column 7 is 'Broker Name', expected 'Supplier')");
  });

  it('fails when the detail table is missing, naming the page and the tables it has', () => {
    const html = fixture('warehouse-stocks.html').replace(/<table[\s\S]*?<\/table>/, '<p>Report unavailable</p>');
    const error = failure(html);
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(
      "warehouse report: detail table missing: no table with a 'Listing Type' header (page title 'Warehouse Stock Status - NC ABC Commission'); found 1: 'Total Items | Total Available | Report Date'",
    );
    expect(failure('<html><body><p>Nothing here</p></body></html>').message).toBe("warehouse report: detail table missing: no table with a 'Listing Type' header; found no table");
  });

  it.each([
    ['warehouse-error-server.html', "warehouse report: detail table missing: the page is a server error page (title 'Runtime Error', heading 'Server Error in '/' Application.')"],
    ['warehouse-maintenance.html', "warehouse report: detail table missing: the page is a maintenance page (title 'Site Maintenance - NC ABC Commission')"],
    ['warehouse-firewall.html', "warehouse report: detail table missing: the page is a firewall or challenge page (title 'Request Rejected')"],
  ])('%s (an error page, whatever its HTTP status) is a parse error naming it', (name, message) => {
    const error = failure(fixture(name));
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(message);
  });

  it('names an error page without a title by what it says', () => {
    expect(failure("<html><body>Server Error in '/' Application.</body></html>").message).toBe(
      "warehouse report: detail table missing: the page is a server error page (text 'Server Error in '/' Application')",
    );
    expect(failure('').message).toBe('warehouse report: detail table missing: the page is an empty page');
  });

  it('reads rows without the documented id (the issue removed that requirement)', () => {
    const read = parseWarehouseStock(table(row(good, 'Row1') + row(good, 'Row2') + `<tr>${good.map((c) => `<td>${c}</td>`).join('')}</tr>`));
    expect(read).toHaveLength(3);
    expect(read[0]).toMatchObject({ ncCode: '27090', totalAvailable: 224, sizeMl: 750 });
  });

  it('reads a table without classes, thead or tbody, and ignores a table nested in a cell', () => {
    const html = `<table><tr>${WAREHOUSE_COLUMNS.map((c) => `<th> ${c.toUpperCase()} </th>`).join('')}</tr>
      <tr>${good.map((c) => `<td>${c}</td>`).join('')}</tr>
      <tr><td>20595</td><td>Stagg Bourbon<table><tr><td>note</td></tr></table></td><td>Allocation</td><td>3</td><td>.75L</td><td>56</td><td>Sazerac Co.</td><td>999999</td><td>Rick Henry</td></tr></table>`;
    expect(parseWarehouseStock(html).map((r) => [r.ncCode, r.totalAvailable, r.sizeMl, r.supplierAllotment])).toEqual([
      ['27090', 224, 750, 0],
      ['20595', 3, 750, 999999],
    ]);
  });

  it('fails when two tables carry the detail header', () => {
    expect(failure(table(row(good)) + table(row(good))).message).toBe('warehouse report: 2 tables have the detail header; expected one');
  });

  it('reads a lone notice row as "no data yet"', () => {
    const error = failure(table('<tr><td colspan="9">No records found.</td></tr>'));
    expect(error.kind).toBe('no_data');
    expect(error.message).toBe("warehouse report: no data yet: the day's stock table has no rows (it says 'No records found.')");
  });

  it('fails on a row with the wrong number of cells', () => {
    expect(failure(table(row(good) + row(good.slice(0, 8)))).message).toBe("warehouse report: row 2 (NC code '27090'): expected 9 cells, found 8");
  });

  it('fails on a bad NC code or quantity', () => {
    expect(failure(table(row(['2709', ...good.slice(1)]))).message).toContain("NC code '2709' is not 5 digits");
    const bad = [...good];
    bad[3] = 'n/a';
    expect(failure(table(row(bad))).message).toContain("Total Available 'n/a' is not a whole number");
  });

  it('reads rows whose cells are not closed', () => {
    const html = table(`<tr id="StockItemDetails">${good.map((c) => `<td>${c}`).join('')}<tr id="StockItemDetails">${good.map((c) => `<td>${c}`).join('')}`);
    expect(parseWarehouseStock(html)).toHaveLength(2);
  });
});

describe('parseWarehouseStock on the live page (2026-07-21 capture shape)', () => {
  const rows = parseWarehouseStock(fixture('warehouse-live-2026-07-21.html'));
  const byCode = (code: string) => rows.find((r) => r.ncCode === code)!;

  it('reads the detail table (no thead, plain rows, styled cells) and ignores the 3-column summary table', () => {
    expect(rows.map((r) => r.ncCode)).toEqual(['27090', '27169', '20595', '25555', '18366', '18338', '18036', '17679', '00028', '32477', '21217', '63013', '64384']);
  });

  it('reads all nine columns, .75L sizes and the 999999 allotment', () => {
    expect(byCode('27090')).toEqual({
      ncCode: '27090',
      brandName: "Blanton's Single Barrel",
      listingType: 'Allocation',
      totalAvailable: 224,
      size: '.75L',
      sizeMl: 750,
      casesPerPallet: 56,
      supplier: 'Sazerac Co.',
      supplierAllotment: 999999,
      brokerName: 'Rick Henry',
    } satisfies WarehouseRow);
  });

  it('reads every size label shape', () => {
    expect(['18366', '18338', '21217', '25555'].map((c) => [byCode(c).size, byCode(c).sizeMl])).toEqual([
      ['1.75L', 1750],
      ['.375L', 375],
      ['.05L', 50],
      ['.75L', 750],
    ]);
  });

  it('reads dashed codes, thousands separators, entities and empty allotments', () => {
    expect(byCode('18036')).toMatchObject({ brandName: 'Elijah Craig (NCABC BTB)', listingType: 'Barrel', totalAvailable: 0, supplierAllotment: 0 });
    expect(byCode('32477')).toMatchObject({ totalAvailable: 3798, supplier: 'Brown - Forman' });
    expect(byCode('27169').totalAvailable).toBe(1202);
    expect(byCode('63013')).toMatchObject({ brandName: 'B & B DOM', supplierAllotment: null });
    expect(byCode('64384').brandName).toBe('1800 Cucumber & Jalapeño Tequila');
    expect(byCode('00028').brandName).toBe('Garrison Brothers Small Batch Bourbon');
  });

  it('reads the documented and the live page alike', () => {
    const documented = parseWarehouseStock(fixture('warehouse-stocks.html'));
    const shared = rows.filter((r) => documented.some((d) => d.ncCode === r.ncCode)).map((r) => r.ncCode);
    expect(shared.length).toBeGreaterThan(3);
    for (const code of shared) {
      const d = documented.find((r) => r.ncCode === code)!;
      const l = byCode(code);
      expect({ ...l, totalAvailable: 0, supplierAllotment: 0, size: '' }, code).toEqual({ ...d, totalAvailable: 0, supplierAllotment: 0, size: '' });
    }
  });

  it('gives an empty live table (header row only) as "no data yet"', () => {
    const error = failure(fixture('warehouse-live-empty.html'));
    expect(error.kind).toBe('no_data');
    expect(error.message).toBe("warehouse report: no data yet: the day's stock table has no rows");
  });

  it('fails on a live table whose header changed', () => {
    const changed = fixture('warehouse-live-2026-07-21.html').replace('<th>Supplier Allotment</th>', '<th>Allotment</th>');
    expect(failure(changed).message).toContain("(column 8 is 'Allotment', expected 'Supplier Allotment')");
  });
});

describe('helpers', () => {
  it('parseInteger', () => {
    expect(parseInteger('1,234')).toBe(1234);
    expect(parseInteger('0')).toBe(0);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('')).toBeNull();
    expect(parseInteger('12,34')).toBeNull();
  });

  it('reportDateParam writes M/D/YYYY', () => {
    expect(reportDateParam('2026-07-05')).toBe('7/5/2026');
    expect(reportDateParam('2026-12-31')).toBe('12/31/2026');
    expect(() => reportDateParam('2026-02-30')).toThrow(RangeError);
    expect(() => reportDateParam('7/5/2026')).toThrow(RangeError);
  });
});

describe('fetchWarehouseStock', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('fails on a maintenance page served with HTTP 200, naming the request', async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('warehouse-maintenance.html')));
    await expect(fetchWarehouseStock({ baseUrl: server.url, retries: 0 })).rejects.toMatchObject({
      kind: 'parse',
      message: `warehouse report: detail table missing: the page is a maintenance page (title 'Site Maintenance - NC ABC Commission') (${server.url}/StoresBoards/Stocks)`,
    });
  });

  it("GETs today's report", async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('warehouse-stocks.html')));
    expect(await fetchWarehouseStock({ baseUrl: server.url, retries: 0 })).toHaveLength(21);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/StoresBoards/Stocks', body: '' });
  });

  it("POSTs ReportDate for a past day's report", async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('warehouse-stocks.html')));
    await fetchWarehouseStock({ baseUrl: server.url, reportDate: '2026-07-05', retries: 0 });
    const [req] = server.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/StoresBoards/Stocks' });
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({ ReportDate: '7/5/2026', BrandName: '' });
  });

  it('names the request in a no-data error', async () => {
    server = await startServer((_req, res) => send(res, 200, fixture('warehouse-empty.html')));
    await expect(fetchWarehouseStock({ baseUrl: server.url, retries: 0 })).rejects.toMatchObject({
      kind: 'no_data',
      message: `warehouse report: no data yet: the day's stock table has no rows (${server.url}/StoresBoards/Stocks)`,
    });
  });
});

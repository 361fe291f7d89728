import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { WAREHOUSE_COLUMNS, fetchWarehouseStock, parseInteger, parseWarehouseStock, reportDateParam } from './warehouse.ts';
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
      casesPerPallet: 56,
      supplier: 'Sazerac Co.',
      supplierAllotment: 0,
      brokerName: 'Rick Henry',
    });
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

  it('fails when the detail table is missing', () => {
    const html = fixture('warehouse-stocks.html').replace(/<table[\s\S]*?<\/table>/, '<p>Report unavailable</p>');
    const error = failure(html);
    expect(error.kind).toBe('parse');
    expect(error.message).toBe(
      "warehouse report: detail table missing: no table.table-bordered.table-striped with a 'Listing Type' header; found 1: 'Total Items | Total Available | Report Date'",
    );
    expect(failure('<html><body>Server Error in \'/\' Application.</body></html>').message).toContain('found no such table');
  });

  it('fails on rows that lost their documented id rather than reading an empty day', () => {
    const error = failure(table(row(good, 'Row1') + row(good, 'Row2')));
    expect(error.kind).toBe('parse');
    expect(error.message).toContain('2 table rows but none is tr#StockItemDetails');
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

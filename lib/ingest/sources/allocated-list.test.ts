import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { env } from '../../env.ts';
import { renderAllocatedListXlsx } from '../../../simulator/render-allocated-list.ts';
import { ALLOCATED_LIST_PATH, ALLOCATED_LIST_SOURCE, fetchAllocatedList, parseAllocatedList, type AllocatedList } from './allocated-list.ts';
import { SourceError } from './errors.ts';
import { send, startServer, type TestServer } from './fixtures/test-server.ts';

/** Any sheet, written by write-excel-file: the shapes the Commission's renderer does not produce. */
async function xlsx(rows: SheetData): Promise<Uint8Array> {
  return new Uint8Array(await writeExcelFile(rows).toBuffer());
}

async function failure(bytes: Uint8Array | Promise<Uint8Array>): Promise<SourceError> {
  try {
    await parseAllocatedList(await bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return error as SourceError;
  }
  throw new Error('expected an error');
}

const LIST: AllocatedList = {
  updatedOn: '2026-07-05',
  items: [
    { ncCode: '27090', product: "Blanton's Single Barrel", listingType: 'Allocation' },
    { ncCode: '18650', product: 'Eagle Rare 10 Year', listingType: 'Allocation' },
    { ncCode: '00028', product: 'Garrison Brothers Small Batch Bourbon', listingType: 'Allocation' },
    { ncCode: '64384', product: '1800 Cucumber & Jalapeño Tequila', listingType: 'Limited' },
    { ncCode: '32477', product: 'Old Forester 1920', listingType: 'Limited' },
  ],
};

const header = ['NC Code', 'Product'];
const allocated = ['ALLOCATED ITEMS'];
const limited = ['LIMITED DISTRIBUTION ITEMS'];

describe('parseAllocatedList', () => {
  it("reads the documented shape: the label's date, both sections, dashed codes with their zeros", async () => {
    expect(await parseAllocatedList(await renderAllocatedListXlsx(LIST))).toEqual(LIST);
  });

  it('reads the list moved down and right under a title row and a blank row', async () => {
    expect(await parseAllocatedList(await renderAllocatedListXlsx(LIST, { shape: 'moved' }))).toEqual(LIST);
  });

  it('reads number-typed codes (Excel drops the zeros), lower-case sections with a colon, and a date cell after "Updated"', async () => {
    const bytes = await xlsx([
      [null, null, null],
      [null, 'Public Allocated and Limited Distribution List', null],
      [null, 'Updated:', { value: new Date(Date.UTC(2026, 8, 14)), type: Date, format: 'mm/dd/yyyy' }],
      [],
      [null, 'Product', 'NC Code'], // the columns in the other order
      [null, 'Allocated Items:'],
      [null, "Blanton's Single Barrel", 27090],
      [null, 'Garrison Brothers Small Batch Bourbon', 28],
      [null, 'Eagle Rare 10 Year', ' 18-650 '],
      [],
      [null, null, 'limited distribution items'],
      [null, '  Old   Forester 1920 ', '32477'],
    ]);
    expect(await parseAllocatedList(bytes)).toEqual({
      updatedOn: '2026-09-14',
      items: [
        { ncCode: '27090', product: "Blanton's Single Barrel", listingType: 'Allocation' },
        { ncCode: '00028', product: 'Garrison Brothers Small Batch Bourbon', listingType: 'Allocation' },
        { ncCode: '18650', product: 'Eagle Rare 10 Year', listingType: 'Allocation' },
        { ncCode: '32477', product: 'Old Forester 1920', listingType: 'Limited' },
      ],
    });
  });

  it('reads the label anywhere above the items, with no label at all as null', async () => {
    const below = await xlsx([header, ['Updated 12/1/2025'], allocated, ['27090', 'Blanton'], limited, ['32477', 'Old Forester 1920']]);
    expect((await parseAllocatedList(below)).updatedOn).toBe('2025-12-01');
    const none = await renderAllocatedListXlsx({ ...LIST, updatedOn: null });
    expect(await parseAllocatedList(none)).toEqual({ ...LIST, updatedOn: null });
  });

  it('reads a header repeated under each section, and a code listed twice in its section as one item', async () => {
    const bytes = await xlsx([
      ['Updated 7/5/2026'],
      allocated,
      header,
      ['27090', 'Blanton'],
      ['27-090', 'Blanton (again)'],
      limited,
      ['Product', 'NC Code'],
      ['Old Forester 1920', '32477'],
    ]);
    expect((await parseAllocatedList(bytes)).items).toEqual([
      { ncCode: '27090', product: 'Blanton', listingType: 'Allocation' },
      { ncCode: '32477', product: 'Old Forester 1920', listingType: 'Limited' },
    ]);
  });

  it('never takes a product for a label, a header or a section', async () => {
    const bytes = await xlsx([header, allocated, ['11111', 'Updated 1/2/2026'], ['22222', 'NC Code'], ['33333', 'ALLOCATED ITEMS'], limited, ['44444', 'Product']]);
    const list = await parseAllocatedList(bytes);
    expect(list.updatedOn).toBeNull();
    expect(list.items.map((i) => [i.ncCode, i.product, i.listingType])).toEqual([
      ['11111', 'Updated 1/2/2026', 'Allocation'],
      ['22222', 'NC Code', 'Allocation'],
      ['33333', 'ALLOCATED ITEMS', 'Allocation'],
      ['44444', 'Product', 'Limited'],
    ]);
  });

  describe('refuses a file of another shape, and writes nothing', () => {
    it('without section rows', async () => {
      const error = await failure(xlsx([['Updated 7/5/2026'], header, ['27090', 'Blanton'], ['32477', 'Old Forester 1920']]));
      expect(error.kind).toBe('parse');
      expect(error.message).toBe(
        "allocated and limited list: no section rows: not the allocated list's shape (expected 'ALLOCATED ITEMS' and 'LIMITED DISTRIBUTION ITEMS' rows; it starts 'Updated 7/5/2026', 'NC Code | Product', '27090 | Blanton')",
      );
    });

    it('with only one of the section rows', async () => {
      const error = await failure(xlsx([header, allocated, ['27090', 'Blanton']]));
      expect(error.message).toBe("allocated and limited list: no 'LIMITED DISTRIBUTION ITEMS' section row: not the allocated list's shape");
    });

    it('without the header row', async () => {
      const error = await failure(xlsx([['Updated 7/5/2026'], allocated, ['Blanton'], limited, ['Old Forester 1920']]));
      expect(error.message).toBe(
        "allocated and limited list: no header row with 'NC Code' and 'Product' cells (it starts 'Updated 7/5/2026', 'ALLOCATED ITEMS', 'Blanton')",
      );
    });

    it('with a changed header', async () => {
      const error = await failure(xlsx([['NC Code', 'Brand Name'], allocated, ['27090', 'Blanton'], limited]));
      expect(error.message).toBe("allocated and limited list: row 1: the header row reads 'NC Code | Brand Name': no 'Product' column");
    });

    it('with an item before the header or before any section row', async () => {
      expect((await failure(xlsx([['27090', 'Blanton'], header, allocated, limited]))).message).toBe(
        "allocated and limited list: row 1: '27090 | Blanton' looks like an item but comes before the 'NC Code | Product' header row",
      );
      expect((await failure(xlsx([header, ['27090', 'Blanton'], allocated, limited]))).message).toBe(
        "allocated and limited list: row 2: item '27090 | Blanton' comes before any section row",
      );
    });

    it('with a code that is not 1–5 digits, naming the row', async () => {
      expect((await failure(xlsx([header, allocated, ['27090', 'Blanton'], ['270901', 'Too long'], limited]))).message).toBe(
        "allocated and limited list: row 4: NC code '270901' is not 1–5 digits",
      );
      expect((await failure(xlsx([header, allocated, ['n/a', 'Blanton'], limited]))).message).toContain("row 3: NC code 'n/a' is not 1–5 digits");
      expect((await failure(xlsx([header, allocated, [270.9, 'Blanton'], limited]))).message).toContain("row 3: NC code '270.9' is not 1–5 digits");
      expect((await failure(xlsx([header, allocated, [null, 'Blanton'], limited]))).message).toBe("allocated and limited list: row 3: no NC code for 'Blanton'");
    });

    it('with an empty product or a row of other text', async () => {
      expect((await failure(xlsx([header, allocated, ['27090', null], limited]))).message).toBe('allocated and limited list: row 3 (NC code 27090): empty Product');
      expect((await failure(xlsx([header, allocated, ['27090', 'Blanton', null], [null, null, '* while supplies last'], limited]))).message).toBe(
        "allocated and limited list: row 4: no NC code or Product, but '* while supplies last'",
      );
    });

    it('with the same code in both sections', async () => {
      const error = await failure(xlsx([header, allocated, ['27090', 'Blanton'], limited, ['27-090', 'Blanton']]));
      expect(error.message).toBe("allocated and limited list: row 5: NC code 27090 is in both sections ('ALLOCATED ITEMS' row 3, 'LIMITED DISTRIBUTION ITEMS' row 5)");
    });

    it('with no items at all', async () => {
      const error = await failure(renderAllocatedListXlsx({ updatedOn: '2026-07-05', items: [] }));
      expect(error.kind).toBe('parse');
      expect(error.message).toBe('allocated and limited list: no items: the list has its header and section rows but not one product');
    });

    it('with an "Updated" label that is no calendar date, or two that disagree', async () => {
      expect((await failure(xlsx([['Updated 2/30/2026'], header, allocated, ['27090', 'B'], limited]))).message).toBe(
        "allocated and limited list: row 1: the 'Updated' label's date '2/30/2026' is not a calendar date",
      );
      expect((await failure(xlsx([['Updated 7/5/2026'], ['Updated 7/6/2026'], header, allocated, ['27090', 'B'], limited]))).message).toBe(
        "allocated and limited list: row 2: a second 'Updated' label (2026-07-06) disagrees with the first (2026-07-05)",
      );
    });
  });

  describe('refuses an answer that is not an XLSX', () => {
    const html = (page: string) => new TextEncoder().encode(page);

    it('an error page, saying which kind', async () => {
      const error = await failure(html('\ufeff\n<!DOCTYPE html><html><head><title>Page Not Found | NC ABC</title></head><body><h1>Page not found</h1></body></html>'));
      expect(error.kind).toBe('parse');
      expect(error.message).toBe("allocated and limited list: not an XLSX file: the answer is a 'page not found' page (title 'Page Not Found | NC ABC', heading 'Page not found')");
      const firewall = await failure(html('<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing</body></html>'));
      expect(firewall.message).toBe("allocated and limited list: not an XLSX file: the answer is a firewall or challenge page (title 'Just a moment...')");
    });

    it('any other HTML page, by its title', async () => {
      const error = await failure(html('<html><head><title>Local ABC Boards | NC ABC Commission</title></head><body><p>Welcome</p></body></html>'));
      expect(error.message).toBe("allocated and limited list: not an XLSX file: the answer is an HTML page (title 'Local ABC Boards | NC ABC Commission')");
    });

    it('a truncated file: an error, never part of the list', async () => {
      const whole = await renderAllocatedListXlsx(LIST);
      expect((await failure(whole.slice(0, Math.floor(whole.length / 2)))).message).toBe(
        'allocated and limited list: not a readable XLSX file: its zip archive is broken or cut short',
      );
      for (let size = 0; size < whole.length; size += 37) {
        let read: AllocatedList;
        try {
          read = await parseAllocatedList(whole.slice(0, size));
        } catch (error) {
          expect(error, `${size} bytes`).toBeInstanceOf(SourceError);
          expect((error as SourceError).kind, `${size} bytes`).toBe('parse');
          continue;
        }
        // Cut after the sheet's own entries (only the zip's index at the end lost), the list is whole.
        expect(read, `${size} bytes`).toEqual(LIST);
      }
    });

    it('garbage bytes, an empty answer, a text answer', async () => {
      expect((await failure(Uint8Array.from([0x00, 0xff, 0x13, 0x37, 0xde, 0xad, 0xbe, 0xef, 0x01, 0x02]))).message).toBe(
        'allocated and limited list: not an XLSX file: it does not start as a zip archive does (first bytes 00 ff 13 37 de ad be ef)',
      );
      expect((await failure(new Uint8Array(0))).message).toBe('allocated and limited list: not an XLSX file: the answer is empty');
      expect((await failure(html('{"error":"Service Unavailable"}'))).message).toBe(
        'allocated and limited list: not an XLSX file: it does not start as a zip archive does (it starts \'{"error":"Service Unavailable"}\')',
      );
    });

    it('a zip signature followed by garbage', async () => {
      const error = await failure(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...Array.from({ length: 200 }, (_, i) => (i * 37) % 256)]));
      expect(error.kind).toBe('parse');
      expect(error.message).toMatch(/^allocated and limited list: not a readable XLSX file: /);
    });
  });
});

describe('the renderer and the reader agree (property)', () => {
  const ncCode = fc.integer({ min: 0, max: 99_999 }).map((n) => String(n).padStart(5, '0'));
  // Product names as the list prints them: letters, digits, punctuation, accents; no edge or double spaces.
  const product = fc
    .string({ unit: fc.constantFrom(...'abcXYZ019 \'&.-()/#éñ’'.split('')), minLength: 1, maxLength: 40 })
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
  const listingType = fc.constantFrom('Allocation' as const, 'Limited' as const);
  const updatedOn = fc.option(
    fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  );
  const list = fc.record({
    updatedOn,
    items: fc.uniqueArray(fc.record({ ncCode, product, listingType }), { selector: (i) => i.ncCode, minLength: 1, maxLength: 30 }),
  });

  it('any list written in either shape reads back as the same list (the allocated items first)', async () => {
    await fc.assert(
      fc.asyncProperty(list, fc.constantFrom('documented' as const, 'moved' as const), async (written, shape) => {
        const read = await parseAllocatedList(await renderAllocatedListXlsx(written, { shape }));
        const bySection = [...written.items.filter((i) => i.listingType === 'Allocation'), ...written.items.filter((i) => i.listingType === 'Limited')];
        expect(read).toEqual({ updatedOn: written.updatedOn, items: bySection });
      }),
      { numRuns: 60 },
    );
  });
});

describe('fetchAllocatedList', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("GETs the list from the Commission's website, asking for an XLSX", async () => {
    const file = await renderAllocatedListXlsx(LIST);
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      res.end(file);
    });
    expect(await fetchAllocatedList({ baseUrl: `${server.url}//`, retries: 0 })).toEqual(LIST);
    const [req] = server.requests;
    expect(req.method).toBe('GET');
    expect(req.url).toBe(ALLOCATED_LIST_PATH);
    expect(req.headers.accept).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,*/*;q=0.8');
  });

  it('fails on an error page served with HTTP 200, naming the URL', async () => {
    server = await startServer((_req, res) => send(res, 200, '<html><head><title>Site Maintenance</title></head><body></body></html>'));
    await expect(fetchAllocatedList({ baseUrl: server.url, retries: 0 })).rejects.toMatchObject({
      kind: 'parse',
      source: ALLOCATED_LIST_SOURCE,
      message: `allocated and limited list: not an XLSX file: the answer is a maintenance page (title 'Site Maintenance') (${server.url}${ALLOCATED_LIST_PATH})`,
    });
  });

  it('fails on an HTTP error as the source', async () => {
    server = await startServer((_req, res) => send(res, 404, 'nope'));
    await expect(fetchAllocatedList({ baseUrl: server.url, retries: 0 })).rejects.toMatchObject({ kind: 'http', status: 404, source: ALLOCATED_LIST_SOURCE });
  });

  it("reads the Commission's website from NC_ABC_WEBSITE_URL by default", () => {
    expect(env().NC_ABC_WEBSITE_URL).toBe(process.env.NC_ABC_WEBSITE_URL ?? 'https://www.abc.nc.gov');
  });
});

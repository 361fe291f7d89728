// The NC ABC Commission's allocated and limited distribution list as the XLSX it publishes (sources.md §5):
// a label row "Updated M/D/YYYY", the header "NC Code | Product", then the section row "ALLOCATED ITEMS" and
// its rows, "LIMITED DISTRIBUTION ITEMS" and its rows; codes printed dashed as the Commission prints them
// ("18-650"). The `moved` shape is the same list under a title row and a blank row, one column to the right:
// the reader must find it by its label, header and section rows, not by where they used to be. `no-sections` is the
// list without its section rows (a file the reader must refuse: nothing says which items are allocated).
import writeExcelFile, { type Row, type SheetData } from 'write-excel-file/node';
import type { AllocatedList, AllocatedListItem } from '../lib/ingest/sources/allocated-list.ts';

export type AllocatedListShape = 'documented' | 'moved' | 'no-sections';

export async function renderAllocatedListXlsx(list: AllocatedList, options: { shape?: AllocatedListShape } = {}): Promise<Uint8Array> {
  const moved = options.shape === 'moved';
  // Strings throughout, so a code keeps its dash and its leading zeros as the Commission's file does.
  const row = (...cells: string[]): Row => [...(moved ? [null] : []), ...cells.map((value) => ({ value, type: String }))];
  const items = (type: AllocatedListItem['listingType']) => list.items.filter((i) => i.listingType === type).map((i) => row(dashed(i.ncCode), i.product));

  const data: SheetData = [
    ...(moved ? [row('NC ABC Commission: Allocated and Limited Distribution List'), []] : []),
    ...(list.updatedOn ? [row(`Updated ${usDate(list.updatedOn)}`)] : []),
    row('NC Code', 'Product'),
    ...(options.shape === 'no-sections' ? [] : [row('ALLOCATED ITEMS')]),
    ...items('Allocation'),
    ...(options.shape === 'no-sections' ? [] : [row('LIMITED DISTRIBUTION ITEMS')]),
    ...items('Limited'),
  ];
  const columns = [...(moved ? [{ width: 4 }] : []), { width: 12 }, { width: 60 }];
  const buffer = await writeExcelFile(data, { sheet: 'Allocated and Limited', columns }).toBuffer();
  return new Uint8Array(buffer);
}

/** "18650" → "18-650". */
function dashed(ncCode: string): string {
  return `${ncCode.slice(0, 2)}-${ncCode.slice(2)}`;
}

/** '2026-07-05' → '7/5/2026'. */
function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${month}/${day}/${year}`;
}

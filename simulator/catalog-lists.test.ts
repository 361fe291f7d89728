import { describe, expect, it } from 'vitest';
import { parseAllocatedList } from '../lib/ingest/sources/allocated-list.ts';
import { parsePriceList } from '../lib/ingest/sources/price-list.ts';
import { DAY_MS } from './clock.ts';
import { ON_LIST_LEAD_DAYS } from './catalog-lists.ts';
import { renderAllocatedListXlsx } from './render-allocated-list.ts';
import { renderPriceListCsv } from './render-price-list.ts';
import { ANNOUNCE_LEAD_DAYS, SimWorld } from './world.ts';

// Issue 40, item 5: the simulated Commission announces its new codes in the price list about a month before they
// reach the warehouse, and an allocated or limited one is on the allocated list two weeks before, so the demo shows
// products coming. The lists it serves read back whole through the product's own readers.

const START = '2026-03-02T17:00:00Z';

describe('the simulated catalog lists', () => {
  it('announce each automatic debut a month before it reaches the warehouse, and keep it listed after', () => {
    const world = new SimWorld({ seed: 42, start: START, autoDebuts: true });
    const now = world.nowMillis();
    const announced = world.announcedDebuts(now);
    // A debut every ~3 days: the month ahead holds several, each announced by now and not yet at the warehouse.
    expect(announced.length).toBeGreaterThanOrEqual(5);
    for (const d of announced) {
      expect(d.announcedAt).toBeLessThanOrEqual(now);
      expect(d.warehouseFrom - d.announcedAt).toBe(ANNOUNCE_LEAD_DAYS * DAY_MS);
    }
    const codes = new Set(world.lists.priceList(now).map((r) => r.ncCode));
    for (const d of announced) expect(codes.has(d.plu)).toBe(true);
    // Weeks later the first still to come has reached the warehouse (a debut of the world): still one row on the list.
    const first = announced.filter((d) => d.warehouseFrom > now).reduce((a, b) => (a.warehouseFrom < b.warehouseFrom ? a : b));
    world.setTime(new Date(first.warehouseFrom + DAY_MS));
    expect(world.debut(first.plu)).toBeDefined();
    const rows = world.lists.priceList(world.nowMillis()).filter((r) => r.ncCode === first.plu);
    expect(rows).toHaveLength(1);
    expect(rows[0].brandName).toBe(first.name);
  });

  it('put an allocated or limited debut on the allocated list two weeks before the warehouse, not earlier', () => {
    const world = new SimWorld({ seed: 42, start: START, autoDebuts: true });
    const now = world.nowMillis();
    const hunted = world.announcedDebuts(now).filter((d) => d.listingType === 'Allocation' || d.listingType === 'Limited');
    expect(hunted.length).toBeGreaterThan(0);
    const onList = new Map(world.lists.allocatedList(now).items.map((i) => [i.ncCode, i.listingType]));
    for (const d of hunted) {
      const due = now >= d.warehouseFrom - ON_LIST_LEAD_DAYS * DAY_MS;
      expect(onList.get(d.plu), d.plu).toBe(due ? d.listingType : undefined);
    }
  });

  it('serve lists the product reads back whole', async () => {
    const world = new SimWorld({ seed: 7, start: START, autoDebuts: true });
    const now = world.nowMillis();
    const rows = world.lists.priceList(now);
    expect(parsePriceList(renderPriceListCsv(rows))).toEqual(rows);
    const list = world.lists.allocatedList(now);
    const back = await parseAllocatedList(await renderAllocatedListXlsx(list));
    // The file prints its sections in their own order: the same items, the allocated ones first.
    const byCode = (items: typeof list.items) => [...items].sort((a, b) => a.ncCode.localeCompare(b.ncCode));
    expect(back.updatedOn).toBe(list.updatedOn);
    expect(byCode(back.items)).toEqual(byCode(list.items));
  });
});

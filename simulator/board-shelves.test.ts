// The other boards' shelves (Durham, Greensboro, New Hanover) in the same world as Wake's: deliveries on
// each board's days, allocated arrivals, sales and sell-outs, ground truth, debuts and respellings.
import { describe, expect, it } from 'vitest';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID, WAKE_BOARD_ID } from '../lib/reference/boards.ts';
import { loadReferenceData } from '../lib/reference/reference.ts';
import { shelfBoardIds } from '../lib/reference/shelves.ts';
import { DAY_MS, nyInstant, nyLocal, parseYmd, WEEKDAY_NAMES, ymd } from './clock.ts';
import { diffStock, SimWorld } from './world.ts';

const MONDAY = parseYmd('2026-07-20')!;
const MONDAY_8AM = new Date('2026-07-20T12:00:00Z');
const BOARDS = [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID] as const;
const at = (day: number, h: number, m = 0) => new Date(nyInstant(day, h, m));

describe('the other boards\' shelves', () => {
  it("hold every store of those boards in board-stores.json, and no other board's; the outlets have no shelf and no deliveries", () => {
    const w = new SimWorld({ seed: 3, start: MONDAY_8AM, historyDays: 0 });
    const ref = loadReferenceData().boardStores;
    for (const boardId of BOARDS) {
      const seeds = ref.filter((s) => s.board_id === boardId);
      expect(w.storesOf(boardId).map((s) => [s.storeNumber, s.inventoryAddress, s.retail])).toEqual(
        seeds.map((s) => [s.store_number, s.address, !s.mixed_beverage]).sort((a, b) => Number(a[0]) - Number(b[0])),
      );
      const next = w.nextDeliveries(boardId);
      expect(next).toHaveLength(seeds.length);
      for (const n of next) {
        expect(n.boardId).toBe(boardId);
        expect(n.at === null).toBe(seeds.find((s) => s.store_number === n.storeNumber)!.mixed_beverage);
      }
    }
    // board-stores.json holds every board's stores; the world keeps shelves only where the product reads them.
    expect(w.shelfBoardIds().sort((a, b) => a - b)).toEqual([...shelfBoardIds()].sort((a, b) => a - b));
    expect(() => w.storesOf(53)).toThrow(/no shelves for board 53/);
    expect(w.retailStoresOf(DURHAM_BOARD_ID)).toHaveLength(10);
    expect(w.retailStoresOf(GREENSBORO_BOARD_ID)).toHaveLength(15);
    expect(w.retailStoresOf(NEW_HANOVER_BOARD_ID)).toHaveLength(9);
    expect(w.nextDeliveries()).toHaveLength(28); // Wake by default
    expect(() => w.nextDeliveries(1)).toThrow(RangeError);
  });

  it('deliver on each board\'s days, 10:00–13:00: Durham Tuesday/Thursday, Greensboro Wednesday, New Hanover Monday–Friday (three of its stores twice a week, fortnightly, shifted)', () => {
    const w = new SimWorld({ seed: 3, start: MONDAY_8AM, historyDays: 0 });
    w.advance(14 * DAY_MS);
    for (const boardId of BOARDS) {
      const perStore = new Map<number, number[]>();
      let allocated = 0;
      for (let day = MONDAY; day < MONDAY + 14; day++) {
        const allocatedStores = new Map<string, Set<number>>();
        for (const r of w.deliveriesOn(ymd(day), boardId)) {
          expect(r.boardId).toBe(boardId);
          const store = w.storesOf(boardId).find((s) => s.storeNumber === r.storeNumber)!;
          expect(store.retail).toBe(true);
          const local = nyLocal(r.at.getTime());
          expect(local.dayNumber).toBe(day);
          expect(local.minuteOfDay).toBeGreaterThanOrEqual(10 * 60);
          expect(local.minuteOfDay).toBeLessThanOrEqual(13 * 60);
          // New Hanover's shifted store may take another weekday some weeks.
          if (!store.shiftedDays) expect([store.deliveryDay, store.alsoDeliveryDay]).toContain(WEEKDAY_NAMES[local.weekday]);
          perStore.set(r.storeNumber, [...(perStore.get(r.storeNumber) ?? []), day]);
          expect(r.items.filter((i) => !(i.quantity > 0 && i.after - i.before === i.quantity))).toEqual([]);
          for (const item of r.items) {
            if (item.listingType === 'Listed') continue;
            expect(item.quantity).toBeGreaterThanOrEqual(1);
            expect(item.quantity).toBeLessThanOrEqual(6);
            allocatedStores.set(item.plu, (allocatedStores.get(item.plu) ?? new Set()).add(r.storeNumber));
            allocated++;
          }
        }
        for (const stores of allocatedStores.values()) expect(stores.size).toBeLessThanOrEqual(6);
      }
      expect(allocated, `board ${boardId}`).toBeGreaterThan(5);
      for (const store of w.retailStoresOf(boardId)) {
        const expected = store.alsoDeliveryDay ? 4 : store.deliveryIntervalDays === 14 ? 1 : 2;
        expect(perStore.get(store.storeNumber), `board ${boardId} store ${store.storeNumber}`).toHaveLength(expected);
      }
    }
    const days = (boardId: number) => new Set(w.retailStoresOf(boardId).map((s) => s.deliveryDay));
    expect(days(DURHAM_BOARD_ID)).toEqual(new Set(['Tuesday', 'Thursday']));
    expect(days(GREENSBORO_BOARD_ID)).toEqual(new Set(['Wednesday']));
    expect(days(NEW_HANOVER_BOARD_ID)).toEqual(new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']));
    // New Hanover's first three retail stores keep other habits: twice a week, every 14 days, shifted days.
    const [twice, fortnightly, shifted] = w.retailStoresOf(NEW_HANOVER_BOARD_ID);
    expect([twice.deliveryDay, twice.alsoDeliveryDay, fortnightly.deliveryIntervalDays, shifted.shiftedDays]).toEqual(['Monday', 'Thursday', 14, true]);
    expect(w.retailStoresOf(NEW_HANOVER_BOARD_ID).filter((s) => s.alsoDeliveryDay || s.shiftedDays || s.deliveryIntervalDays !== 7)).toHaveLength(3);
    // Wake's log is Wake's alone, and says so.
    expect(w.deliveriesOn(ymd(MONDAY)).every((r) => r.boardId === WAKE_BOARD_ID)).toBe(true);
  });

  it('sell between polls and sell out allocated bottles; ground truth lists only stores holding some', () => {
    const w = new SimWorld({ seed: 5, start: MONDAY_8AM });
    const before = new Map(BOARDS.map((b) => [b, w.boardStockSnapshot(b)]));
    w.setTime(at(MONDAY + 2, 21));
    for (const boardId of BOARDS) {
      const after = w.boardStockSnapshot(boardId);
      const changes = diffStock(before.get(boardId)!, after);
      expect(changes.some((c) => c.after < c.before), `sales at board ${boardId}`).toBe(true);
      expect(changes.some((c) => c.after === 0 && c.before > 0), `sell-outs at board ${boardId}`).toBe(true);
      const retail = new Set(w.retailStoresOf(boardId).map((s) => s.storeNumber));
      for (const [plu, stores] of after) {
        for (const [storeNumber, q] of stores) {
          expect(retail.has(storeNumber)).toBe(true);
          expect(q).toBeGreaterThan(0);
        }
        if (stores.size) expect(w.boardStockOf(boardId, plu)).toEqual(stores);
      }
    }
    // Wake's is stockOf itself.
    expect(w.boardStockOf(WAKE_BOARD_ID, '27090')).toEqual(w.stockOf('27090'));
    expect(w.boardStockSnapshot(WAKE_BOARD_ID, ['27090'])).toEqual(w.stockSnapshot(['27090']));
    expect(() => w.boardStockOf(DURHAM_BOARD_ID, '00000')).toThrow(RangeError);
    expect(() => w.boardStockOf(1, '27090')).toThrow(RangeError);
  });

  it('know in advance what a store\'s next delivery is sure to restock: each such product is back at par when it shows', () => {
    const w = new SimWorld({ seed: 5, start: MONDAY_8AM, historyDays: 3 });
    for (const boardId of [WAKE_BOARD_ID, ...BOARDS]) {
      const next = w.nextDeliveries(boardId).filter((d) => d.at)[0];
      const sure = w.sureRestocks(boardId, next.storeNumber);
      expect(sure.length, `board ${boardId}`).toBeGreaterThan(0);
      for (const r of sure) expect(r.shelf).toBeLessThan(r.par);
      w.setTime(next.at!.getTime() + 60_000);
      const shelf = w.boardStockSnapshot(boardId, sure.map((r) => r.plu));
      const delivered = w.deliveriesOn(ymd(nyLocal(next.at!.getTime()).dayNumber), boardId).find((d) => d.storeNumber === next.storeNumber)!;
      for (const r of sure) {
        expect(shelf.get(r.plu)!.get(next.storeNumber), `${r.plu} at par`).toBe(r.par);
        expect(delivered.items.find((i) => i.plu === r.plu), `${r.plu} delivered`).toMatchObject({ after: r.par });
      }
    }
    expect(() => w.sureRestocks(GREENSBORO_BOARD_ID, 8), 'an outlet').toThrow(/no retail store/);
  });

  it('are a function of seed and time, however the clock moves', () => {
    const a = new SimWorld({ seed: 11, start: MONDAY_8AM, historyDays: 2 });
    const b = new SimWorld({ seed: 11, start: MONDAY_8AM, historyDays: 2 });
    a.advance(3 * DAY_MS);
    for (let k = 0; k < 12; k++) b.advance(6 * 3600_000);
    for (const boardId of BOARDS) {
      expect(a.boardStockSnapshot(boardId)).toEqual(b.boardStockSnapshot(boardId));
      expect(a.deliveriesOn(ymd(MONDAY + 1), boardId)).toEqual(b.deliveriesOn(ymd(MONDAY + 1), boardId));
    }
  });
});

describe('a debut on other boards', () => {
  it('lands at the listed stores of each board at its release tick, then sells like allocated bottles', () => {
    const w = new SimWorld({ seed: 9, start: at(MONDAY, 8) });
    const plu = '99123';
    expect(w.product(plu)).toBeUndefined();
    w.scheduleDebut({
      plu,
      name: 'Carolina Test Single Barrel Bourbon',
      listingTypeLabel: 'Special Release',
      retailPrice: 54.95,
      sizeMl: 750,
      releaseAt: at(MONDAY, 11, 7),
      stores: [
        { storeNumber: 1, quantity: 3 },
        { boardId: DURHAM_BOARD_ID, storeNumber: 2, quantity: 4 },
        { boardId: GREENSBORO_BOARD_ID, storeNumber: 5, quantity: 2 },
      ],
      warehouseUnits: 126,
    });
    expect(w.debut(plu)!.stores).toEqual([
      { storeNumber: 1, quantity: 3 },
      { boardId: DURHAM_BOARD_ID, storeNumber: 2, quantity: 4 },
      { boardId: GREENSBORO_BOARD_ID, storeNumber: 5, quantity: 2 },
    ]);
    w.setTime(at(MONDAY, 11));
    for (const boardId of BOARDS) expect(w.boardStockOf(boardId, plu)).toEqual(new Map());
    w.setTime(at(MONDAY, 11, 15));
    expect(w.boardStockOf(DURHAM_BOARD_ID, plu)).toEqual(new Map([[2, 4]]));
    expect(w.boardStockOf(GREENSBORO_BOARD_ID, plu)).toEqual(new Map([[5, 2]]));
    expect(w.boardStockOf(NEW_HANOVER_BOARD_ID, plu)).toEqual(new Map());
    expect([...w.stockOf(plu)].filter(([, q]) => q > 0)).toEqual([[1, 3]]);
    // An arrival in each board's log; the bottles left the warehouse.
    const arrival = (boardId: number) => w.deliveriesOn(ymd(MONDAY), boardId).flatMap((r) => r.items.filter((i) => i.plu === plu).map((i) => [r.boardId, r.storeNumber, i.before, i.after]));
    expect(arrival(DURHAM_BOARD_ID)).toEqual([[DURHAM_BOARD_ID, 2, 0, 4]]);
    expect(arrival(GREENSBORO_BOARD_ID)).toEqual([[GREENSBORO_BOARD_ID, 5, 0, 2]]);
    expect(arrival(WAKE_BOARD_ID)).toEqual([[WAKE_BOARD_ID, 1, 0, 3]]);
    expect(w.warehouse(plu)).toBe(126 - 9);
    w.setTime(at(MONDAY, 21));
    const left = [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID].map((b) => [...w.boardStockOf(b, plu).values()].reduce((x, y) => x + y, 0));
    expect(left[0] + left[1]).toBeLessThan(6);
  });

  it('rejects stores that are not retail stores of the board, and unknown boards', () => {
    const w = new SimWorld({ seed: 9, start: at(MONDAY, 8), historyDays: 0 });
    const base = { plu: '99124', name: 'X Bourbon', listingTypeLabel: '', retailPrice: 30, sizeMl: 750, releaseAt: at(MONDAY, 12) };
    expect(() => w.scheduleDebut({ ...base, stores: [{ boardId: NEW_HANOVER_BOARD_ID, storeNumber: 9, quantity: 1 }] })).toThrow(/not a New Hanover.*retail store/);
    expect(() => w.scheduleDebut({ ...base, stores: [{ boardId: 1, storeNumber: 1, quantity: 1 }] })).toThrow(/board 1 has no shelves/);
    expect(() =>
      w.scheduleDebut({ ...base, stores: [{ boardId: DURHAM_BOARD_ID, storeNumber: 1, quantity: 1 }, { boardId: DURHAM_BOARD_ID, storeNumber: 1, quantity: 2 }] }),
    ).toThrow(/listed twice/);
    // Wake's store 1 and Durham's store 1 are different stores.
    w.scheduleDebut({ ...base, stores: [{ storeNumber: 1, quantity: 1 }, { boardId: DURHAM_BOARD_ID, storeNumber: 1, quantity: 2 }] });
  });
});

describe('respellings on other boards', () => {
  it('change the printed address of that board\'s store only; ground truth unchanged', () => {
    const w = new SimWorld({ seed: 9, start: at(MONDAY, 8), historyDays: 0 });
    const durham1 = w.storesOf(DURHAM_BOARD_ID)[0];
    const truth = w.boardStockSnapshot(DURHAM_BOARD_ID, ['27090']);
    w.respell(1, '1928 Holloway Street Ext, Durham, NC 27703', DURHAM_BOARD_ID);
    expect(w.printedAddress(durham1)).toBe('1928 Holloway Street Ext, Durham, NC 27703');
    expect(w.printedAddress(w.data.stores[0])).toBe(w.data.stores[0].inventoryAddress);
    expect(w.respellings(DURHAM_BOARD_ID)).toEqual(new Map([[1, '1928 Holloway Street Ext, Durham, NC 27703']]));
    expect(w.respellings()).toEqual(new Map());
    expect(w.boardStockSnapshot(DURHAM_BOARD_ID, ['27090'])).toEqual(truth);
    w.respell(1, null, DURHAM_BOARD_ID);
    expect(w.printedAddress(durham1)).toBe(durham1.inventoryAddress);
    expect(() => w.respell(9, '523 S 17th St, Wilmington, NC 28401', NEW_HANOVER_BOARD_ID)).toThrow(/retail/);
    expect(() => w.respell(1, 'x', 1)).toThrow(RangeError);
  });
});

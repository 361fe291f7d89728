import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.ts';
import { bottlesPerCase, parseSize } from './products.ts';
import { normalizeAddress } from '../text/address.ts';
import { DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID } from './boards.ts';
import { cleanBoardName, loadReferenceData } from './reference.ts';

describe('parseCsv', () => {
  it('handles quoted commas, doubled quotes, CRLF and a trailing newline', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
    expect(parseCsv('"multi\nline",z')).toEqual([['multi\nline', 'z']]);
    expect(() => parseCsv('"open')).toThrow(/unterminated/);
  });

  it('maps records by header and rejects ragged rows', () => {
    expect(parseCsvRecords('id,name\n1,"A, B"\n', ['name'] as const)).toEqual([{ name: 'A, B' }]);
    expect(() => parseCsvRecords('id,name\n1\n', ['id'] as const)).toThrow(/row 2/);
    expect(() => parseCsvRecords('id\n1\n', ['name'] as const)).toThrow(/missing column/);
  });
});

describe('product sizes', () => {
  it('reads sizes and packs from names', () => {
    expect(parseSize('Broken Shed Vodka (1L)').sizeMl).toBe(1000);
    expect(parseSize('1800 Tequila Variety Pack .375L').sizeMl).toBe(375);
    expect(parseSize('Fireball Keg 5.25L').sizeMl).toBe(5250);
    expect(parseSize('Midnight Moon Peanut Butter Moonshine 50ml').sizeMl).toBe(50);
    expect(parseSize('High Noon Lemon 4Pk')).toEqual({ sizeMl: 4 * 355, pack: { count: 4, kind: 'can' } });
    expect(parseSize('Bacardi Gold - 10Pk')).toEqual({ sizeMl: 500, pack: { count: 10, kind: 'mini' } });
    expect(parseSize('Grey Goose Original 50ml 4Pk')).toEqual({ sizeMl: 200, pack: { count: 4, kind: 'mini' } });
    // A gift add-on is not the bottle's size.
    expect(parseSize("Dewar's Discovery Pk 12Y w/ 2x 50ML").sizeMl).toBeNull();
    expect(parseSize("Blanton's Single Barrel").sizeMl).toBeNull();
  });

  it('gives bottles per case by size and type', () => {
    expect(bottlesPerCase('Allocation', 750, 79.95, null)).toBe(6);
    expect(bottlesPerCase('Barrel', 750, 39.95, null)).toBe(6);
    expect(bottlesPerCase('Listed', 750, 19.95, null)).toBe(12);
    expect(bottlesPerCase('Listed', 750, 89.95, null)).toBe(6);
    expect(bottlesPerCase('Listed', 1750, 29.95, null)).toBe(6);
    expect(bottlesPerCase('Listed', 375, 9.95, null)).toBe(24);
    expect(bottlesPerCase('Listed', 50, 1.95, null)).toBe(120);
    expect(bottlesPerCase('Listed', 1420, 10.95, { count: 4, kind: 'can' })).toBe(6);
  });
});

describe('reference data', () => {
  const ref = loadReferenceData();

  it('has every board, Wake with its 27 retail stores and the MXB outlet', () => {
    expect(ref.boards).toHaveLength(173);
    expect(ref.boards.find((b) => b.id === 179)).toMatchObject({ name: 'Wake County ABC Board', nameClean: 'Wake County', retailStores: 27 });
    expect(cleanBoardName('Cherokee Tribal ABC Commission')).toBe('Cherokee Tribal ABC Commission');
    expect(ref.stores).toHaveLength(28);
    expect(ref.stores.filter((s) => s.mixed_beverage).map((s) => s.nickname)).toEqual(['Garner MXB']);
    expect(ref.stores.map((s) => s.store_number).sort((a, b) => a - b)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    const sandy = ref.stores.find((s) => s.nickname === 'Sandy Forks')!;
    expect(sandy).toMatchObject({ address: '7200 Sandy Fork Rd., Raleigh, NC 27609', zip: '27609', phone: '919-896-8850' });
    for (const s of ref.stores) {
      // No delivery pattern: a deployment learns it (docs/decisions/030); the demo's are simulator/delivery-patterns.ts's.
      expect(Object.keys(s).filter((k) => k.startsWith('delivery'))).toEqual([]);
      if (s.mixed_beverage) continue;
      expect(s.address.endsWith(s.zip!)).toBe(true);
    }
  });

  it('has every store of the locator: Durham (10), Greensboro (16) and New Hanover (11) first, then every other board by id', () => {
    const of = (boardId: number) => ref.boardStores.filter((s) => s.board_id === boardId);
    expect(ref.stores.length + ref.boardStores.length).toBe(465);
    expect(ref.boardStores).toHaveLength(437);
    expect([of(DURHAM_BOARD_ID).length, of(GREENSBORO_BOARD_ID).length, of(NEW_HANOVER_BOARD_ID).length]).toEqual([10, 16, 11]);
    expect(ref.boards.filter((b) => [DURHAM_BOARD_ID, GREENSBORO_BOARD_ID, NEW_HANOVER_BOARD_ID].includes(b.id)).map((b) => b.name)).toEqual([
      'Greensboro ABC Board',
      'Durham County ABC Board',
      'New Hanover County ABC Board',
    ]);
    // The order a fresh database numbers store ids in: the 37 stores loaded before every board was keep ids 29-65.
    const order = ref.boardStores.map((s) => s.board_id);
    expect(order.slice(0, 37)).toEqual([...Array(10).fill(DURHAM_BOARD_ID), ...Array(16).fill(GREENSBORO_BOARD_ID), ...Array(11).fill(NEW_HANOVER_BOARD_ID)]);
    expect(order.slice(37)).toEqual([...order.slice(37)].sort((a, b) => a - b));
    // Every board has its stores but Wake (wake-stores.json) and Catawba Tribal (260), which the locator lists none of.
    const boardIds = new Set(order);
    expect(ref.boards.filter((b) => !boardIds.has(b.id)).map((b) => b.id).sort((a, b) => a - b)).toEqual([179, 260]);
    for (const boardId of boardIds) {
      const stores = of(boardId);
      expect(stores.map((s) => s.store_number)).toEqual(Array.from({ length: stores.length }, (_, i) => i + 1));
      // One store per address key and kind: a retail store and a permit-holders-only outlet may share one.
      expect(new Set(stores.map((s) => `${s.address_key}|${s.mixed_beverage}`)).size).toBe(stores.length);
      for (const s of stores) {
        expect(s.address_key).toBe(normalizeAddress(s.address));
        expect(s.address.endsWith(`, ${s.city}, NC ${s.zip}`)).toBe(true);
        expect(s.region).toBe(s.city);
        expect(s.address).not.toMatch(/\(|\bMXB\b|\bLBD\b/); // the locator's notes are not part of the address
      }
    }
    // Outlets that serve permit holders only; Durham's stores that also host an MXB counter are retail.
    expect(ref.boardStores.filter((s) => s.mixed_beverage).map((s) => [s.board_id, s.nickname])).toEqual([
      [GREENSBORO_BOARD_ID, '115-B North Cedar St (MXB)'],
      [NEW_HANOVER_BOARD_ID, '523 S. 17th St (LBD)'],
      [NEW_HANOVER_BOARD_ID, '6009 Market St (LBD)'],
      [16, '1840 S. York Rd (MXB)'], // "- MXB Store", "MXB Store" hours
      [35, '167 Broadway St (MXB)'],
      [53, '3333 N. Tryon St (MXB)'],
      [53, '7212 E. Independence Blvd (MXB)'], // said only by its hours
      [57, '3127 Starlight Dr (MXB)'], // "(MXB Outlet)", "Mixed Beverage Customers Only"
      [61, '603 W. Harden St (MXB)'], // beside the board's retail store at the same address
    ]);
    // Orange County's "+ LBD" stores are retail stores with a counter for permit holders.
    expect(of(143).every((s) => !s.mixed_beverage)).toBe(true);
    expect(of(DURHAM_BOARD_ID).find((s) => s.locator_address.startsWith('3620'))).toMatchObject({
      address: '3620 Durham Chapel Hill Blvd, Durham, NC 27707',
      address_key: '3620 durham chapel hill blvd',
      mixed_beverage: false,
      phone: '919-493-6773',
    });
    expect(of(DURHAM_BOARD_ID).find((s) => s.locator_address.startsWith('1515'))).toMatchObject({ address: '1515 North Pointe Dr, Suite 101, Durham, NC 27705', address_key: '1515 n pointe dr' });
    // Greensboro's storefront names locations by id: every store has its own; 27 is Store 11, 2731 Ring Road.
    const keys = of(GREENSBORO_BOARD_ID).map((s) => s.source_store_key);
    expect(keys.every((k) => k !== null && /^\d+$/.test(k))).toBe(true);
    expect(new Set(keys).size).toBe(16);
    expect(of(GREENSBORO_BOARD_ID).find((s) => s.source_store_key === '27')).toMatchObject({ address: '2731 Ring Rd, Greensboro, NC 27405', mixed_beverage: false });
    expect(of(GREENSBORO_BOARD_ID).find((s) => s.source_store_key === '26')).toMatchObject({ mixed_beverage: true });
    expect(ref.boardStores.filter((s) => s.board_id !== GREENSBORO_BOARD_ID).every((s) => s.source_store_key === null)).toBe(true);
  });

  it('has the whole catalog with listing types, prices and sizes', () => {
    const count = (t: string) => ref.products.filter((p) => p.listingType === t).length;
    expect(ref.products).toHaveLength(3241);
    expect([count('Allocation'), count('Barrel'), count('Limited'), count('Listed'), count('Unknown')]).toEqual([46, 111, 99, 2983, 2]);
    expect(new Set(ref.products.map((p) => p.plu)).size).toBe(3241);
    for (const p of ref.products) {
      expect(p.plu).toMatch(/^\d{5}$/);
      expect(p.sizeMl).toBeGreaterThan(0);
      expect(p.bottlesPerCase).toBeGreaterThan(0);
    }
    expect(ref.products.find((p) => p.plu === '27090')).toMatchObject({
      name: "Blanton's Single Barrel",
      listingType: 'Allocation',
      retailPrice: '79.95',
      sizeMl: 750,
      bottlesPerCase: 6,
    });
    expect(ref.products.filter((p) => p.retailPrice === null)).toHaveLength(46);
    // Sizes of one product share a name: the 1.75 L, 750 ml and 375 ml of Bacardi Superior.
    const bacardi = ref.products.filter((p) => p.name === 'Bacardi Superior').map((p) => [p.retailPrice, p.sizeMl]);
    expect(bacardi).toEqual(expect.arrayContaining([['22.95', 1750], ['14.95', 750], ['7.45', 375]]));
  });
});

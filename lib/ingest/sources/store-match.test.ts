import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeAddress } from '../../text/address.ts';
import { WAKE_INVENTORY_ADDRESSES, cityOf, knownWakeStores, storeId } from './fixtures/wake-stores.ts';
import { matchStores } from './store-match.ts';
import { parseWakeInventory, type WakeProduct } from './wake-inventory.ts';

// Placing printed addresses on known stores, on Wake's 27 stores and pages (the shapes every board prints).
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('matchStores', () => {
  const known = knownWakeStores();

  it('maps every printed address to a known store and keeps sold-out products as empty maps', () => {
    const { matched, unmatched } = matchStores(parseWakeInventory(fixture('wake-search-results.html')), known);
    expect(unmatched).toEqual([]);
    expect(matched.get('27090')).toEqual(
      new Map([
        [storeId('7200 Sandy Fork Rd., Raleigh, NC 27609'), 3],
        [storeId('1505 Banyon Pl., Wendell, NC 27571'), 1],
        [storeId('2109-106 Avent Ferry Rd., Raleigh, NC 27606'), 2],
      ]),
    );
    expect(matched.get('18338')!.get(storeId('209 S Salisbury St, Raleigh, NC 27601'))).toBe(1234);
    expect(matched.get('20029')).toEqual(new Map());
    expect([...matched.keys()]).toEqual(['27090', '27169', '20581', '20029', '00028', '18338']);
  });

  it('reports an address that matches no known store instead of dropping it', () => {
    const { matched, unmatched } = matchStores(parseWakeInventory(fixture('wake-unknown-address.html')), known);
    expect(matched.get('25555')).toEqual(new Map([[storeId('704 Money Ct., Knightdale, NC 27545'), 2]]));
    expect(unmatched).toEqual([{ plu: '25555', address: '5800 Duraleigh Rd., Raleigh, NC 27612', reason: 'unknown' }]);
  });

  it('tolerates spelling drift the normaliser covers (Road/Rd., suite numbers, case)', () => {
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: [
        { address: '7200 SANDY FORK ROAD, Raleigh, NC 27609', quantity: 1 },
        { address: '2109-100 Avent Ferry Rd, Raleigh, NC 27606', quantity: 2 },
      ] },
    ];
    const { matched, unmatched } = matchStores(products, known);
    expect(unmatched).toEqual([]);
    expect(matched.get('27090')!.size).toBe(2);
  });

  it('reports a second listing for the same store and an address two known stores share', () => {
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: [
        { address: '704 Money Ct., Knightdale, NC 27545', quantity: 1 },
        { address: '704 Money Court, Knightdale', quantity: 5 },
        { address: '1 Main St, Raleigh', quantity: 3 },
      ] },
    ];
    const stores = [...known, { id: 100, address: '1 Main St', addressKey: '1 main st', city: 'Raleigh' }, { id: 101, address: '1 Main Street', addressKey: '1 main st', city: 'Raleigh' }];
    const { matched, unmatched } = matchStores(products, stores);
    expect(matched.get('27090')).toEqual(new Map([[storeId('704 Money Ct., Knightdale, NC 27545'), 1]]));
    expect(unmatched).toEqual([
      { plu: '27090', address: '704 Money Court, Knightdale', reason: 'duplicate' },
      { plu: '27090', address: '1 Main St, Raleigh', reason: 'ambiguous' },
    ]);
  });

  it('keeps the normalised keys of the 27 printed Wake addresses', () => {
    expect(WAKE_INVENTORY_ADDRESSES.map((a) => normalizeAddress(a))).toEqual([
      '100 village walk dr', '11360 capital blvd', '1222 new bern ave', '1415 e williams st', '1420 n ardendell dr', '1505 banyon pl',
      '1601 cross link rd', '1793 w williams st', '1940 cinema dr', '200 new rand rd', '209 s salisbury st', '2109 avent ferry rd',
      '2645 appliance ct', '3320 olympia dr', '3615 sw cary pkwy', '4009 davis dr', '420 woodburn rd', '4215 the cir at n hills rd',
      '4501 vineyrd pine ln', '6301 town ctr dr', '6494 tryon rd', '665 cary towne blvd', '6809 davis cir', '704 money ct',
      '7200 sandy fork rd', '7336 creedmoor rd', '7911 acc blvd',
    ]);
  });

  it('places every store printed in both shapes: "street, city" and the live "street" glued to "city"', () => {
    for (const address of WAKE_INVENTORY_ADDRESSES) {
      const comma = address.indexOf(',');
      const street = address.slice(0, comma);
      const rest = address.slice(comma + 2); // "Raleigh, NC 27609"
      const shapes = [address, `${street}${rest}`, `${street} ${rest}`, `${street}\n${rest}`];
      const product: WakeProduct = {
        name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false,
        stores: shapes.map((a) => ({ address: a, quantity: 1 })),
      };
      const { matched, unmatched } = matchStores([product], known);
      // The first shape places the listing; every other shape is the same store again, so a duplicate.
      expect(matched.get('27090'), address).toEqual(new Map([[storeId(address), 1]]));
      expect(unmatched, address).toEqual(shapes.slice(1).map((a) => ({ plu: '27090', address: a, reason: 'duplicate' })));
    }
  });

  it('reads the glued shape with the city as words too ("Fuquay-Varina" for "Fuquay Varina")', () => {
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: [
        { address: '1940 Cinema Dr.Fuquay-Varina, NC 27526', quantity: 2 },
        { address: '7200 SANDY FORK RD.RALEIGH, NC 27609', quantity: 3 },
      ] },
    ];
    const { matched, unmatched } = matchStores(products, known);
    expect(unmatched).toEqual([]);
    expect(matched.get('27090')).toEqual(new Map([[storeId('1940 Cinema Dr., Fuquay Varina, NC 27526'), 2], [storeId('7200 Sandy Fork Rd., Raleigh, NC 27609'), 3]]));
  });

  it('stays exact with glued addresses: wrong city, unknown street or extra words are reported, never guessed', () => {
    const lines = [
      '7200 Sandy Fork Rd.Cary, NC 27609', // the store is in Raleigh
      '5800 Duraleigh Rd.Raleigh, NC 27612', // no such store
      '7200 Sandy Fork Rd.North Raleigh, NC 27609', // more than street + city
      '7200 Sandy ForkRaleigh, NC 27609', // not the store's street
      'Raleigh, NC 27609', // no street at all
    ];
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: lines.map((address) => ({ address, quantity: 1 })) },
    ];
    const { matched, unmatched } = matchStores(products, known);
    expect(matched.get('27090')).toEqual(new Map());
    expect(unmatched).toEqual(lines.map((address) => ({ plu: '27090', address, reason: 'unknown' })));
  });

  it('reports a glued address that two known stores would both read as ambiguous', () => {
    const stores = [
      { id: 1, addressKey: '10 oak st', city: 'Cary' },
      { id: 2, addressKey: '10 oak st cary', city: 'Apex' }, // "10 Oak St Cary" in Apex: "10 Oak St.Cary" could be either
    ];
    const products: WakeProduct[] = [
      { name: 'X', plu: '27090', price: null, sizeLabel: null, sizeMl: null, outOfStockEverywhere: false, stores: [{ address: '10 Oak St.Cary, NC 27511', quantity: 1 }] },
    ];
    expect(matchStores(products, stores).unmatched).toEqual([{ plu: '27090', address: '10 Oak St.Cary, NC 27511', reason: 'ambiguous' }]);
  });

  it('matches the city from the store record, not from the printed text', () => {
    const stores = knownWakeStores().map((s) => ({ id: s.id, addressKey: s.addressKey, city: cityOf(s.address) }));
    const products = parseWakeInventory(fixture('wake-live-2026-07-21.html'));
    expect(matchStores(products, stores).unmatched).toEqual([]);
    const withoutCity = stores.map((s) => ({ ...s, city: '' }));
    expect(matchStores(products, withoutCity).unmatched.map((u) => u.reason)).toEqual(Array(10).fill('unknown'));
  });
});

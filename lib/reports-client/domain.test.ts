import { describe, expect, it } from 'vitest';
import { groupArrivalsByProduct, nextDayOutcome, summarizeArrivals } from './arrivals.ts';
import { groupByBoard, groupByDate, groupByProduct, findWakeBoard } from './shipments.ts';
import { deliveryIntervalLabel, filterStores, NO_STORE_FILTERS, regionsOf } from './stores.ts';
import type { Arrival, Shipment, Store, WarehouseProduct } from '../reports/types.ts';
import { DEFAULT_WAREHOUSE_FILTERS, filterWarehouse, hasZeroActivity, MIN_LISTED_SEARCH, showsListed, WAREHOUSE_TYPE_FILTERS, warehouseRequest } from './warehouse.ts';

function arrival(name: string, storeId: number, delta: number, extra: Partial<Arrival> = {}): Arrival {
  return {
    history_id: Math.floor(Math.random() * 1e6),
    bourbon_name: name,
    plu: '11111',
    price: 49.99,
    listing_type: 'Allocation',
    store_id: storeId,
    store_number: storeId,
    store_nickname: `Store ${storeId}`,
    store_address: `${storeId} Main St`,
    new_quantity: delta,
    previous_quantity: 0,
    delta,
    change_type: 'first',
    last_updated: '2026-05-04T15:00:00Z',
    ...extra,
  };
}

describe('arrivals', () => {
  it('groups by product name, keeps the feed order and sums bottles', () => {
    const groups = groupArrivalsByProduct([
      arrival('Eagle Rare 10', 3, 2),
      arrival('Blanton’s', 1, 6),
      arrival('eagle rare 10 ', 7, 4),
      arrival('Eagle Rare 10', 5, 4),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['Eagle Rare 10', 'Blanton’s']);
    expect(groups[0].bottles).toBe(10);
    // stores inside a group: most bottles first, then store number
    expect(groups[0].stores.map((s) => s.store_id)).toEqual([5, 7, 3]);
  });

  it('summarises increases, products, stores and bottles', () => {
    expect(summarizeArrivals([arrival('A', 1, 2), arrival('B', 1, 3), arrival('A', 2, 1)])).toEqual({
      increases: 3,
      products: 2,
      stores: 2,
      bottles: 6,
    });
    expect(summarizeArrivals([])).toEqual({ increases: 0, products: 0, stores: 0, bottles: 0 });
  });

  it('Next Day goes to the neighbour, else jumps to today from a past date, else finds nothing', () => {
    expect(nextDayOutcome('2026-05-01', '2026-05-04', '2026-05-06')).toEqual({ kind: 'go', date: '2026-05-04' });
    expect(nextDayOutcome('2026-05-01', null, '2026-05-06')).toEqual({ kind: 'today', date: '2026-05-06' });
    expect(nextDayOutcome('2026-05-06', null, '2026-05-06')).toEqual({ kind: 'none' });
  });
});

function store(id: number, extra: Partial<Store> = {}): Store {
  return {
    store_id: id,
    store_number: id,
    nickname: `Store ${id}`,
    address: `${id} Main St, Raleigh, NC`,
    city: 'Raleigh',
    region: 'North Raleigh',
    phone: null,
    hours: null,
    mixed_beverage: 0,
    delivery_day: 'Monday',
    delivery_interval_days: 7,
    last_delivery_date: '2026-05-04',
    ...extra,
  };
}

describe('stores', () => {
  it('shows the delivery interval in weeks', () => {
    expect(deliveryIntervalLabel(7)).toBe('Every week');
    expect(deliveryIntervalLabel(14)).toBe('Every 2 weeks');
    expect(deliveryIntervalLabel(21)).toBe('Every 3 weeks');
    expect(deliveryIntervalLabel(10)).toBe('Every week');
    expect(deliveryIntervalLabel(3)).toBe('Every week');
    expect(deliveryIntervalLabel(null)).toBe('Not known yet');
    expect(deliveryIntervalLabel(0)).toBe('Not known yet');
  });

  it('filters by region, delivery day, mixed beverage and text', () => {
    const stores = [
      store(1),
      store(2, { region: 'Cary/Apex/Morrisville', delivery_day: 'Friday', nickname: 'Cary Parkway', city: 'Cary' }),
      store(3, { mixed_beverage: 1, delivery_day: null, nickname: 'Garner MXB' }),
    ];
    const ids = (f: Partial<typeof NO_STORE_FILTERS>) => filterStores(stores, { ...NO_STORE_FILTERS, ...f }).map((s) => s.store_id);
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ region: 'Cary/Apex/Morrisville' })).toEqual([2]);
    expect(ids({ deliveryDay: 'Monday' })).toEqual([1]);
    expect(ids({ mixedBeverage: 'yes' })).toEqual([3]);
    expect(ids({ mixedBeverage: 'no' })).toEqual([1, 2]);
    expect(ids({ search: 'cary' })).toEqual([2]);
    expect(ids({ search: '#3' })).toEqual([3]);
    // The search rule of every search box: each word, in any order, in one of the fields.
    expect(ids({ search: 'parkway cary' })).toEqual([2]);
    expect(ids({ search: 'cary parkway' })).toEqual([2]);
    expect(ids({ search: 'cary garner' })).toEqual([]);
    expect(regionsOf(stores)).toEqual(['Cary/Apex/Morrisville', 'North Raleigh']);
  });
});

function wh(name: string, type: WarehouseProduct['listing_type'], current: number, peak: number, low = current): WarehouseProduct {
  return {
    product_name: name,
    plu: String(10000 + name.length),
    nc_code: String(10000 + name.length),
    listing_type: type,
    retail_price: 30,
    bottles_per_case: 6,
    current_inventory: current,
    peak_inventory: peak,
    peak_inventory_date: '2026-05-01',
    low_inventory: low,
    low_inventory_date: '2026-05-03',
    image_url: null,
    image_path: null,
  };
}

describe('warehouse filters', () => {
  const products = [
    wh('Alloc', 'Allocation', 12, 24),
    wh('Lim', 'Limited', 0, 0),
    wh('Bar', 'Barrel', 0, 6, 0),
    wh('List', 'Listed', 100, 120),
    wh('New', 'Unknown', 6, 6),
  ];
  const names = (f: Partial<typeof DEFAULT_WAREHOUSE_FILTERS>) =>
    filterWarehouse(products, { ...DEFAULT_WAREHOUSE_FILTERS, ...f }).map((p) => p.product_name);

  it('defaults to Allocation + Limited + Barrel (and new products) with zero activity hidden', () => {
    expect(names({})).toEqual(['Alloc', 'Bar', 'New']);
    expect(names({ hideZeroActivity: false })).toEqual(['Alloc', 'Lim', 'Bar', 'New']);
  });

  it('offers single types, Listed and all', () => {
    expect(names({ type: 'allocation' })).toEqual(['Alloc']);
    expect(names({ type: 'barrel' })).toEqual(['Bar']);
    expect(names({ type: 'limited', hideZeroActivity: false })).toEqual(['Lim']);
    expect(names({ type: 'listed' })).toEqual(['List']);
    expect(names({ type: 'all' })).toEqual(['Alloc', 'Bar', 'List', 'New']);
    expect(names({ type: 'all', search: 'lis' })).toEqual(['List']);
  });

  it('zero activity means no bottles at any point of the period', () => {
    expect(hasZeroActivity({ current_inventory: 0, peak_inventory: 0, low_inventory: 0 })).toBe(true);
    expect(hasZeroActivity({ current_inventory: 0, peak_inventory: 3, low_inventory: 0 })).toBe(false);
    expect(hasZeroActivity({ current_inventory: null, peak_inventory: null, low_inventory: null })).toBe(true);
  });
});

function ship(code: string, board: number, date: string, cases: number): Shipment {
  return {
    brand_name: `Product ${code}`,
    nc_code: code,
    Listing_Type: 'Allocation',
    retail_price: 40,
    bottles_per_case: 6,
    board_name_clean: board === 179 ? 'Wake County' : `Board ${board}`,
    board_id: board,
    ship_date: date,
    ship_date_formatted: date,
    cases,
  };
}

describe('statewide shipments', () => {
  const list = [ship('1', 179, '2026-05-01', 3), ship('2', 5, '2026-05-04', 1), ship('1', 5, '2026-05-04', 2), ship('1', 179, '2026-05-02', 1)];

  it('groups by product (most cases first), by date (newest first) and by board', () => {
    const byProduct = groupByProduct(list);
    expect(byProduct.map((g) => [g.code, g.cases, g.boards, g.lastShipDate])).toEqual([
      ['1', 6, 2, '2026-05-04'],
      ['2', 1, 1, '2026-05-04'],
    ]);
    expect(groupByDate(list).map((g) => [g.date, g.cases, g.products])).toEqual([
      ['2026-05-04', 3, 2],
      ['2026-05-02', 1, 1],
      ['2026-05-01', 3, 1],
    ]);
    expect(groupByBoard(list).map((g) => [g.name, g.cases, g.products])).toEqual([
      ['Wake County', 4, 1],
      ['Board 5', 3, 2],
    ]);
  });

  it('the Wake shortcut finds the board whose name contains wake', () => {
    expect(findWakeBoard([{ board_id: 2, board_name_clean: 'Carteret County' }, { board_id: 179, board_name_clean: 'WAKE County' }])?.board_id).toBe(179);
    expect(findWakeBoard([{ board_id: 2, board_name_clean: 'Carteret County' }])).toBeUndefined();
  });
});

describe('warehouseRequest', () => {
  const HUNTED_SET = 'Allocation,Limited,Barrel,Unknown';

  it('asks for the hunted set without a search unless the filter shows Listed (searched here instead)', () => {
    expect(warehouseRequest(DEFAULT_WAREHOUSE_FILTERS.type, '')).toEqual({ listingTypes: HUNTED_SET, search: '' });
    for (const f of ['hunted', 'allocation', 'limited', 'barrel'] as const) {
      expect(warehouseRequest(f, 'eagle rare')).toEqual({ listingTypes: HUNTED_SET, search: '' });
      expect(showsListed(f)).toBe(false);
    }
  });

  it('asks the server to search Listed once the search has 2+ characters', () => {
    expect(warehouseRequest('listed', ' jim beam ')).toEqual({ listingTypes: 'Listed', search: 'jim beam' });
    expect(warehouseRequest('all', '00123')).toEqual({ listingTypes: 'all', search: '00123' });
    expect(warehouseRequest('all', 'be')).toEqual({ listingTypes: 'all', search: 'be' });
    expect(showsListed('listed') && showsListed('all')).toBe(true);
  });

  it('before that, shows the hunted set for All types and asks nothing for Listed only', () => {
    for (const search of ['', ' ', 'b', ' b ']) {
      expect(warehouseRequest('all', search)).toEqual({ listingTypes: HUNTED_SET, search: '' });
      expect(warehouseRequest('listed', search)).toBeNull();
    }
    expect(MIN_LISTED_SEARCH).toBe(2);
  });

  it('always fetches every type the filter lets through once Listed can be asked for', () => {
    for (const f of WAREHOUSE_TYPE_FILTERS) {
      const sent = warehouseRequest(f.value, 'bourbon')!.listingTypes;
      const fetched = sent === 'all' ? ['Allocation', 'Limited', 'Barrel', 'Listed', 'Unknown'] : sent.split(',');
      for (const t of f.types) expect(fetched, f.value).toContain(t);
    }
  });
});


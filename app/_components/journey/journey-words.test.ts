import { describe, expect, it } from 'vitest';
import type { ComingProduct, JourneyForecastPlace, JourneyForecastStep, JourneyStep } from '@/lib/catalog/types';
import { comingStageLines, forecastPlaceWords, listPriceWords, readWhen, sourceAges, stageHeadline, stateListWords, stepWords } from './journey-words';

// A product's journey in words (issue 40): each step as a hunter reads it, where it stands, and how old each source is.

const at = '2026-12-02T12:05:00.000Z'; // 7:05 AM in New York

describe('the journey in words', () => {
  it('says every kind of step', () => {
    const steps: [JourneyStep, string][] = [
      [{ kind: 'announced', day: '2026-11-30', at, price: 129.99 }, 'Announced in the Commission’s price list at $129.99'],
      [{ kind: 'announced', day: '2026-11-30', at, price: null }, 'Announced in the Commission’s price list'],
      [{ kind: 'price', day: '2026-12-01', at, from: 59.99, to: 64.99 }, 'List price $59.99 → $64.99'],
      [{ kind: 'listing', day: '2026-12-01', at, source: 'allocated_list', from: null, to: 'Allocation' }, 'Onto the allocated list (Allocation)'],
      [{ kind: 'listing', day: '2026-12-01', at, source: 'allocated_list', from: 'Allocation', to: 'Limited' }, 'Moved on the allocated list: Allocation → Limited'],
      [{ kind: 'listing', day: '2026-12-01', at, source: 'allocated_list', from: 'Limited', to: null }, 'Off the allocated list'],
      [{ kind: 'listing', day: '2026-12-01', at, source: 'warehouse', from: 'Unknown', to: 'Allocation' }, 'Labelled Allocation on the warehouse report'],
      [{ kind: 'listing', day: '2026-12-01', at, source: 'warehouse', from: null, to: 'Unknown' }, 'Labelled New release on the warehouse report'],
      [{ kind: 'listing', day: '2026-12-01', at, source: 'warehouse', from: 'Limited', to: null }, 'No longer labelled Limited on the warehouse report'],
      [{ kind: 'received', day: '2026-12-02', at, bottles: 240, cases: 40 }, 'Received at the state warehouse: 240 bottles (40 cases)'],
      [{ kind: 'received', day: '2026-12-02', at, bottles: 1, cases: null }, 'Received at the state warehouse: 1 bottle'],
      [{ kind: 'shipped', day: '2026-12-05', at, board_id: 179, board_name: 'Wake County ABC Board', units: 48, cases: 8 }, 'Shipped to Wake County ABC Board: 48 bottles (8 cases)'],
      [{ kind: 'shipped', day: '2026-12-05', at, board_id: 179, board_name: 'Wake County ABC Board', units: 48, cases: null }, 'Shipped to Wake County ABC Board: 48 bottles'],
      [{ kind: 'arrived', day: '2026-12-07', at, store_id: 3, store_name: 'Cary Parkway', board_name: 'Wake County', quantity: 6 }, 'On the shelf at Cary Parkway (Wake County): 6 bottles'],
    ];
    for (const [step, words] of steps) expect(stepWords(step)).toBe(words);
  });

  it('says where a shipment was forecast to land and, once it is known, how it came out', () => {
    const place = (outcome: JourneyForecastPlace['outcome'], named = true, storeId = 3): JourneyForecastPlace => ({
      store: { store_id: storeId, store_number: storeId, nickname: `Store ${storeId}` },
      named,
      stated_likelihood: 0.8,
      likelihood_words: 'very likely',
      likelihood_in_ten: '8 in 10',
      why: null,
      expected_date: '2026-12-03',
      window_start: '2026-12-02',
      window_end: '2026-12-04',
      outcome,
      arrived_at: outcome === 'arrived' ? '2026-12-03T14:15:00.000Z' : null,
    });
    const forecast = (places: JourneyForecastPlace[], precision: JourneyForecastStep['precision'] = 'shelf'): JourneyForecastStep => ({
      kind: 'forecast',
      day: '2026-12-01',
      at,
      incoming_id: '1',
      board_id: 179,
      board_name: 'Wake County',
      precision,
      units: 48,
      status: places.some((p) => p.outcome === 'open') ? 'open' : 'closed',
      places,
    });
    const cases: [JourneyForecastStep, string][] = [
      [forecast([place('open'), place('open', true, 4)]), 'Forecast for Wake County: 2 stores named'],
      [forecast([place('arrived'), place('open', true, 4)]), 'Forecast for Wake County: 2 stores named, 1 got it'],
      [forecast([place('arrived'), place('arrived', true, 4)]), 'Forecast for Wake County: 2 stores named, all got it'],
      [forecast([place('arrived')]), 'Forecast for Wake County: 1 store named, it got it'],
      [forecast([place('not_arrived'), place('not_arrived', true, 4)]), 'Forecast for Wake County: 2 stores named, none got it'],
      [forecast([place('not_arrived'), place('arrived', false, 9)]), 'Forecast for Wake County: 1 store named, none got it; it also reached 1 store not named'],
      [forecast([place('arrived', false, 9)]), 'Forecast for Wake County: no store likely enough to name; it also reached 1 store not named'],
      [forecast([place('unscorable')], 'store_by_shipment'), 'Forecast for Wake County: its only store'],
      [forecast([{ ...place('unscorable'), store: null }], 'board'), 'Forecast for Wake County: somewhere in Wake County; the state does not say which store'],
    ];
    for (const [step, words] of cases) expect(stepWords(step)).toBe(words);

    expect(forecastPlaceWords(place('arrived'))).toBe('Store 3 #3: said very likely · 8 in 10 · Arrived 12/03/2026 9:15 AM');
    expect(forecastPlaceWords(place('not_arrived'))).toBe('Store 3 #3: said very likely · 8 in 10 · Not seen by Fri 12/4');
    expect(forecastPlaceWords(place('arrived', false))).toBe('Store 3 #3: not named · Arrived 12/03/2026 9:15 AM');
    expect(forecastPlaceWords(place('open'), '2026-12-01')).toBe('Store 3 #3: said very likely · 8 in 10 · Expected Thu 12/3, or by Fri 12/4');
    expect(forecastPlaceWords({ ...place('unscorable'), store: null })).toBe(
      'Window closed Fri 12/4 · cannot be checked: its shelves are not read',
    );
  });

  it('says where it stands in a short headline', () => {
    expect(stageHeadline('announced', null)).toBe('Announced: not at the state warehouse yet');
    expect(stageHeadline('at_warehouse', 240)).toBe('At the state warehouse: 240 bottles');
    expect(stageHeadline('at_warehouse', null)).toBe('At the state warehouse');
    expect(stageHeadline('shipped', null)).toBe('Shipped to boards, on no shelf we read now');
    expect(stageHeadline('on_shelves', null)).toBe('On store shelves');
    expect(stageHeadline('listed', null)).toBe('Not at the state warehouse or on a shelf we read now');
  });

  it('says a list price and a place on the allocated list, or nothing', () => {
    expect(listPriceWords(129.99)).toBe('$129.99 in the price list');
    expect(listPriceWords(null)).toBeNull();
    expect(stateListWords('Limited')).toBe('On the allocated list (Limited)');
    expect(stateListWords(null)).toBeNull();
  });

  it('says a coming product’s steps so far, the latest last', () => {
    const base: ComingProduct = {
      plu: '12345',
      name: 'Example Bourbon',
      listing_type: 'Unknown',
      state_list: null,
      list_price: 129.99,
      size_ml: 750,
      stage: 'announced',
      announced_on: '2026-11-30',
      received_on: null,
      warehouse_bottles: null,
      latest_step_on: '2026-11-30',
    };
    expect(comingStageLines(base)).toEqual(['Announced in the price list 11/30/2026']);
    expect(comingStageLines({ ...base, stage: 'at_warehouse', received_on: '2026-12-02', warehouse_bottles: 240 })).toEqual([
      'Announced in the price list 11/30/2026',
      'At the state warehouse since 12/02/2026: 240 bottles',
    ]);
    // Received without an announcement the price list dated (it was in the list before we read it).
    expect(comingStageLines({ ...base, stage: 'at_warehouse', announced_on: null, received_on: '2026-12-02', warehouse_bottles: null })).toEqual([
      'At the state warehouse since 12/02/2026',
    ]);
    expect(comingStageLines({ ...base, announced_on: null })).toEqual(['Announced in the price list']);
  });

  it('says how old each source is: the time alone today, the day too before', () => {
    const now = new Date('2026-12-02T20:00:00.000Z');
    expect(readWhen(at, now)).toBe('7:05 AM today');
    expect(readWhen('2026-12-01T23:30:00.000Z', now)).toBe('12/01/2026 6:30 PM');
    // After New York's midnight, an instant of the evening before is not today's, though UTC says so.
    expect(readWhen('2026-12-03T03:30:00.000Z', new Date('2026-12-03T05:30:00.000Z'))).toBe('12/02/2026 10:30 PM');
    expect(sourceAges({ price_list: at, allocated_list: null, warehouse: '2026-12-01T23:30:00.000Z', shipments: at }, now)).toEqual([
      'Price list read 7:05 AM today',
      'Allocated list not read yet',
      'Warehouse report read 12/01/2026 6:30 PM',
      'Shipment report read 7:05 AM today',
    ]);
  });
});

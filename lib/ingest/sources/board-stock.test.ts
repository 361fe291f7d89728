import { describe, expect, it } from 'vitest';
import { normalizeAddress } from '../../text/address.ts';
import { placeAddressLines, preferRetail, streetNumber, type BoardStore } from './board-stock.ts';

const store = (id: number, address: string, city: string, mixedBeverage = false): BoardStore => ({
  id,
  addressKey: normalizeAddress(address),
  city,
  mixedBeverage,
  sourceKey: null,
});

// New Hanover's retail store and its LBD counter share 523 S. 17th St.
const KNOWN = [
  store(1, '523 S. 17th St', 'Wilmington'),
  store(2, '5410 Market St', 'Wilmington'),
  store(3, '1020 N. Lake Park Blvd', 'Carolina Beach'),
  store(4, '523 S. 17th St', 'Wilmington', true),
  store(5, '6009 Market St', 'Wilmington', true),
];

describe('placeAddressLines', () => {
  it('places every line on its store', () => {
    const answer = placeAddressLines(
      '27090',
      [
        { address: '523 S 17TH STREET', quantity: 2 },
        { address: '5410 Market Street, Wilmington, NC 28405', quantity: 0 },
        { address: '1020 N. Lake Park Blvd.Carolina Beach, NC 28428', quantity: 5 },
      ],
      KNOWN,
    );
    expect(answer).toEqual({ stock: new Map([[1, 2], [2, 0], [3, 5]]), unmatched: [], unlisted: [] });
  });

  it('reports unknown and duplicate lines with their own quantities, never as a zero', () => {
    const answer = placeAddressLines(
      '27090',
      [
        { address: '523 S. 17th St', quantity: 2 },
        { address: '9999 Nowhere Rd', quantity: 7 },
        { address: '523 South 17th Street', quantity: 4 },
      ],
      KNOWN,
    );
    expect(answer.stock).toEqual(new Map([[1, 2]]));
    expect(answer.unmatched).toEqual([
      { plu: '27090', address: '9999 Nowhere Rd', reason: 'unknown', quantity: 7 },
      { plu: '27090', address: '523 South 17th Street', reason: 'duplicate', quantity: 4 },
    ]);
  });

  it('lets an outlet with an address of its own be named', () => {
    expect(placeAddressLines('27090', [{ address: '6009 Market St', quantity: 1 }], KNOWN).stock).toEqual(new Map([[5, 1]]));
  });

  it('reports a line two retail stores would both take as ambiguous', () => {
    const twins = [store(1, '10 Oak St', 'Cary'), store(2, '10 Oak Street', 'Cary')];
    expect(placeAddressLines('27090', [{ address: '10 Oak St', quantity: 1 }], twins).unmatched).toEqual([
      { plu: '27090', address: '10 Oak St', reason: 'ambiguous', quantity: 1 },
    ]);
  });
});

describe('helpers', () => {
  it('preferRetail leaves out an outlet that shares a retail store\'s address', () => {
    expect(preferRetail(KNOWN).map((s) => s.id)).toEqual([1, 2, 3, 5]);
  });

  it('streetNumber', () => {
    expect(streetNumber('3707-E Battleground Plaza')).toBe('3707');
    expect(streetNumber('4548 US Hwy 220 (102 & 103)')).toBe('4548');
    expect(streetNumber('Home Office')).toBe('');
    expect(streetNumber('')).toBe('');
  });
});

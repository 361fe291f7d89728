import { describe, expect, it } from 'vitest';
import { normalizeAddress } from '../../text/address.ts';
import { answerFromAddressLines, preferRetail, settleStock, snapshotParts, stockAnswer, streetNumber, type BoardStore } from './board-stock.ts';
import { SourceError, parseError } from './errors.ts';

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

describe('answerFromAddressLines', () => {
  it('places every line on its store: a complete answer', () => {
    const answer = answerFromAddressLines(
      '27090',
      [
        { address: '523 S 17TH STREET', quantity: 2 },
        { address: '5410 Market Street, Wilmington, NC 28405', quantity: 0 },
        { address: '1020 N. Lake Park Blvd.Carolina Beach, NC 28428', quantity: 5 },
      ],
      KNOWN,
      null,
    );
    expect(answer).toEqual({
      plu: '27090',
      status: 'complete',
      stock: new Map([[1, 2], [2, 0], [3, 5]]),
      unmatched: [],
      unlisted: [],
      product: null,
    });
  });

  it('reports unknown and duplicate lines with their own quantities: a partial answer, never a zero', () => {
    const answer = answerFromAddressLines(
      '27090',
      [
        { address: '523 S. 17th St', quantity: 2 },
        { address: '9999 Nowhere Rd', quantity: 7 },
        { address: '523 South 17th Street', quantity: 4 },
      ],
      KNOWN,
      { plu: '27090', name: 'X', retailPrice: 79.95, sizeMl: 750 },
    );
    expect(answer.status).toBe('partial');
    expect(answer.stock).toEqual(new Map([[1, 2]]));
    expect(answer.unmatched).toEqual([
      { plu: '27090', address: '9999 Nowhere Rd', reason: 'unknown', quantity: 7 },
      { plu: '27090', address: '523 South 17th Street', reason: 'duplicate', quantity: 4 },
    ]);
    expect(answer.product).toEqual({ plu: '27090', name: 'X', retailPrice: 79.95, sizeMl: 750 });
  });

  it('reads no lines as 0 everywhere', () => {
    expect(answerFromAddressLines('27090', [], KNOWN, null)).toMatchObject({ status: 'complete', stock: new Map(), unmatched: [] });
  });

  it('lets an outlet with an address of its own be named', () => {
    expect(answerFromAddressLines('27090', [{ address: '6009 Market St', quantity: 1 }], KNOWN, null).stock).toEqual(new Map([[5, 1]]));
  });

  it('reports a line two retail stores would both take as ambiguous', () => {
    const twins = [store(1, '10 Oak St', 'Cary'), store(2, '10 Oak Street', 'Cary')];
    expect(answerFromAddressLines('27090', [{ address: '10 Oak St', quantity: 1 }], twins, null).unmatched).toEqual([
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

  it('stockAnswer is partial when stores were left out', () => {
    expect(stockAnswer('27090', new Map([[1, 1]]), null, [], [2]).status).toBe('partial');
    expect(stockAnswer('27090', new Map(), null).status).toBe('complete');
  });

  it('settleStock turns a SourceError into a failed result and rethrows anything else', async () => {
    const error = parseError('durham inventory', 'page changed');
    expect(await settleStock('27090', () => Promise.reject(error))).toEqual({ plu: '27090', status: 'failed', error });
    await expect(settleStock('27090', () => Promise.reject(new Error('SIGTERM')))).rejects.toThrow('SIGTERM');
    const answer = stockAnswer('27090', new Map([[1, 3]]), null);
    expect(await settleStock('27090', async () => answer)).toBe(answer);
  });

  it('snapshotParts sorts results into the snapshot\'s answered and partial products, failures and products the board has no page for', () => {
    const parts = snapshotParts<number>([
      stockAnswer('27090', new Map([[1, 3], [2, 0]]), { plu: '27090', name: 'A', retailPrice: null, sizeMl: null }),
      stockAnswer('20595', new Map([[1, 1]]), null, [{ plu: '20595', address: '9 X St', reason: 'unknown', quantity: 2 }]),
      stockAnswer('17666', new Map(), null, [], [4]),
      { plu: '12345', status: 'failed', error: new SourceError({ kind: 'http', source: 'greensboro items', reason: 'HTTP 503', status: 503 }) },
      { plu: '54321', status: 'failed', error: new SourceError({ kind: 'no_data', source: 'durham inventory', reason: 'Product Not Found' }) },
      stockAnswer('00028', new Map(), null),
    ]);
    expect(parts).toEqual({
      answeredPlus: ['27090', '00028'],
      partialPlus: ['20595', '17666'],
      stock: [
        { storeId: 1, plu: '27090', quantity: 3 },
        { storeId: 2, plu: '27090', quantity: 0 },
        { storeId: 1, plu: '20595', quantity: 1 },
      ],
      failures: [{ plu: '12345', error: 'greensboro items: HTTP 503' }],
      noData: ['54321'],
      unmatched: [{ plu: '20595', address: '9 X St', reason: 'unknown', quantity: 2 }],
      unlisted: [4],
      products: [{ plu: '27090', name: 'A', retailPrice: null, sizeMl: null }],
    });
  });
});

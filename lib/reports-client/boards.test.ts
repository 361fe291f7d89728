import { describe, expect, it } from 'vitest';
import { BOARD_GROUPS, boardAbc, boardFromParam, boardShortName, chooseBoard, freshness, groupBoards, storesEstimateBase, withBoard } from './boards.ts';
import { estimateStoresWithoutDeliveries } from './delivery.ts';

/** The covered boards as GET /api/boards/covered lists them. */
const BOARDS = [
  { board_id: 179, name: 'Wake County' },
  { board_id: 78, name: 'Durham County' },
  { board_id: 58, name: 'Greensboro' },
  { board_id: 135, name: 'New Hanover County' },
];

describe('the board of a report screen', () => {
  it('reads a covered board from the address, and nothing else', () => {
    expect(boardFromParam('78', BOARDS)).toBe(78);
    expect(boardFromParam(['58', '78'], BOARDS)).toBe(58);
    for (const bad of [undefined, null, '', '3', '999', 'wake', '78.0', '-78', ' 78']) expect(boardFromParam(bad, BOARDS)).toBeNull();
  });

  it('shows the address’s board, else the home board, else Wake', () => {
    expect(chooseBoard(58, 78, BOARDS)).toBe(58);
    expect(chooseBoard(null, 78, BOARDS)).toBe(78);
    expect(chooseBoard(null, null, BOARDS)).toBe(179);
    expect(chooseBoard(null, 3, BOARDS)).toBe(179); // not a covered board (any more): Wake
  });

  it("asks the API for a board other than Wake, and leaves Wake's calls as they were", () => {
    expect(withBoard('/api/stores', 179)).toBe('/api/stores');
    expect(withBoard('/api/stores', 78)).toBe('/api/stores?boardId=78');
    expect(withBoard('/api/inventory/todays-arrivals?date=2026-03-11', 58)).toBe('/api/inventory/todays-arrivals?date=2026-03-11&boardId=58');
  });

  it('names the board as the screens do', () => {
    expect([179, 78, 58, 135].map((id) => boardAbc(id, BOARDS))).toEqual(['Wake County ABC', 'Durham County ABC', 'Greensboro ABC', 'New Hanover County ABC']);
    expect([179, 78, 58, 135].map((id) => boardShortName(id, BOARDS))).toEqual(['Wake', 'Durham', 'Greensboro', 'New Hanover']);
  });

  it('estimates the stores without deliveries from 26 for Wake (the spec) and from the retail stores elsewhere', () => {
    expect(storesEstimateBase(179, 27)).toBe(26);
    expect(storesEstimateBase(78, 10)).toBe(10);
    expect(storesEstimateBase(58, null)).toBe(0);
    const analysis = { deliveries: [{ store_id: 1 }, { store_id: 2 }], storesWithOtherDrops: [{ store_id: 3 }] } as never;
    expect(estimateStoresWithoutDeliveries(analysis)).toBe(23);
    expect(estimateStoresWithoutDeliveries(analysis, storesEstimateBase(78, 10))).toBe(7);
  });
});

describe('how fresh a board’s shelves are', () => {
  const base = { name: 'Durham County', last_check: '2026-03-10T15:00:00.000Z', failing: false, stale: false, last_run_status: 'ok' as const };
  it('gives the last check when the source is healthy', () => {
    expect(freshness(base)).toEqual({ kind: 'ok', text: 'Last check: 03/10/2026 11:00 AM' });
  });
  it('says plainly when the source is failing, stale or never read', () => {
    expect(freshness({ ...base, failing: true, last_run_status: 'failed' })).toEqual({
      kind: 'warn',
      text: "Durham's inventory source is failing: last good check 03/10/2026 11:00 AM. What you see may be out of date.",
    });
    expect(freshness({ ...base, failing: true, last_check: null, stale: true, last_run_status: 'failed' }).text).toBe(
      "Durham's inventory source is failing: no good check yet. What you see may be out of date.",
    );
    expect(freshness({ ...base, stale: true }).text).toBe(
      "Durham's inventory source is not updating: last good check 03/10/2026 11:00 AM. What you see may be out of date.",
    );
    expect(freshness({ ...base, name: 'New Hanover County', stale: true, last_check: null, last_run_status: null })).toEqual({
      kind: 'warn',
      text: "New Hanover's store shelves have not been checked yet.",
    });
  });
});

describe('groupBoards', () => {
  it('puts every board in the group of its precision, each by name', () => {
    const entry = (board_id: number, name: string, precision: 'shelf' | 'store_by_shipment' | 'board') =>
      ({ board_id, name, precision }) as Parameters<typeof groupBoards>[0][number];
    const groups = groupBoards([entry(179, 'Wake County', 'shelf'), entry(53, 'Mecklenburg County', 'board'), entry(43, 'Boone', 'store_by_shipment'), entry(78, 'Durham County', 'shelf')]);
    expect(groups.map((g) => g.label)).toEqual(BOARD_GROUPS.map((g) => g.label));
    expect(groups.map((g) => g.boards.map((b) => b.board_id))).toEqual([[78, 179], [43], [53]]);
  });

  it('reads any board of the directory from the address when told which exist', () => {
    const known = [179, 53, 43].map((board_id) => ({ board_id, name: `Board ${board_id}` }));
    expect(boardFromParam('53', known)).toBe(53);
    expect(boardFromParam('999', known)).toBeNull();
    expect(chooseBoard(null, 43, known)).toBe(43);
  });
});

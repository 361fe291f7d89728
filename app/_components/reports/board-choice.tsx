'use client';

import { useState } from 'react';
import { BOARD_PARAM, freshness, groupBoards, type BoardOption } from '@/lib/reports-client/boards';
import type { BoardDirectory, BoardEntry, CoveredBoardInfo, CoveredBoards } from '@/lib/reports/types';
import { getJson } from '../data/get-json';
import { useResource } from '../data/use-resource';

// The board of a store-level report screen: a "Board" select in the page header, the board kept in the
// address (`?board=78`) so a reload or a shared link shows the same board, and how fresh that board's shelves
// are (GET /api/boards/covered), said plainly when its source is failing or stale. Which boards are covered
// is data (board_sources): the server page reads them and passes them down (initial-board.ts).

/** The board a screen opens with (app/_components/reports/initial-board.ts): the address's, the home board, or Wake. */
export interface InitialBoard {
  boardId: number;
  /** The address names the board (a choice made here, or a shared link). */
  inAddress: boolean;
  /** The boards the screen offers and names, in their order (Wake first): the shelf boards, or every board. */
  boards: BoardOption[];
  /** GET /api/boards/covered's first answer (null: the screen loads it). */
  covered: CoveredBoards | null;
}

export function useBoard(initial: InitialBoard) {
  const [boardId, setBoardId] = useState(initial.boardId);
  const [inAddress, setInAddress] = useState(initial.inAddress);
  const covered = useCoveredBoards(initial.covered);

  function choose(id: number) {
    setBoardId(id);
    setInAddress(true);
    const url = new URL(window.location.href);
    url.searchParams.set(BOARD_PARAM, String(id));
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
  }

  return { boardId, inAddress, choose, boards: initial.boards, covered };
}

export type BoardChoice = ReturnType<typeof useBoard>;

/** Every covered board's stores and freshness (one small call per screen; `first`: the server's answer). */
export function useCoveredBoards(first?: CoveredBoards | null) {
  return useResource<CoveredBoards>('covered-boards', (signal) => getJson<CoveredBoards>('/api/boards/covered', '', signal), undefined, {
    initial: first && { key: 'covered-boards', data: first },
  });
}

export function coveredInfo(state: ReturnType<typeof useCoveredBoards>['state'], boardId: number): CoveredBoardInfo | null {
  return state.status === 'ready' ? (state.data.boards ?? []).find((b) => b.board_id === boardId) ?? null : null;
}

/** Every board of the state with its precision (GET /api/boards); `initial`: the server page's first answer. */
export function useBoardDirectory(initial?: BoardDirectory | null) {
  return useResource<BoardDirectory>('board-directory', (signal) => getJson<BoardDirectory>('/api/boards', '', signal), undefined, {
    initial: initial ? { key: 'board-directory', data: initial } : undefined,
  });
}

export function directoryBoards(state: ReturnType<typeof useBoardDirectory>['state']): BoardEntry[] | null {
  return state.status === 'ready' ? (state.data.boards ?? []) : null;
}

/** A board's directory entry: what is known of it (precision); null while the directory loads. */
export function directoryEntry(directory: readonly BoardEntry[] | null, boardId: number): BoardEntry | null {
  return directory?.find((b) => b.board_id === boardId) ?? null;
}

/**
 * The Board select: with the board directory, every board in groups by what is known of it ("Store shelves
 * read", "One store", "Shipments to the board only"); without it (a screen of shelf readings only), the
 * screen's boards.
 */
export function BoardSelect({ board, disabled, directory }: { board: BoardChoice; disabled?: boolean; directory?: BoardEntry[] | null }) {
  const option = (b: BoardOption) => (
    <option key={b.board_id} value={b.board_id}>
      {b.name}
    </option>
  );
  return (
    <div className="field board-select">
      <label htmlFor="board-select">Board</label>
      <select id="board-select" className="input" value={board.boardId} disabled={disabled}
        onChange={(e) => board.choose(Number(e.target.value))}>
        {directory
          ? groupBoards(directory).map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.boards.map(option)}
              </optgroup>
            ))
          : board.boards.map(option)}
      </select>
    </div>
  );
}

/**
 * The page header of a board's report: title, the screen's sentence about the board, the board's last check
 * (unless the screen shows it elsewhere) and the Board select; a failing or stale source is said below it.
 */
export function BoardHeader({
  title,
  subtitle,
  board,
  info,
  showCheck = true,
  showBoard = true,
  directory,
}: {
  title: string;
  subtitle: string;
  board: BoardChoice;
  info: CoveredBoardInfo | null;
  showCheck?: boolean;
  /** False where the screen shows no one board (the stores nearest to the hunter, across boards). */
  showBoard?: boolean;
  /** Every board, for a screen that shows any board (BoardSelect). */
  directory?: BoardEntry[] | null;
}) {
  const fresh = info ? freshness(info) : null;
  return (
    <>
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{subtitle}</p>
          {showBoard && showCheck && fresh?.kind === 'ok' && (
            <p className="small board-check" data-testid="board-check">
              {fresh.text}
            </p>
          )}
        </div>
        {showBoard && <BoardSelect board={board} directory={directory} />}
      </div>
      {showBoard && fresh?.kind === 'warn' && (
        <div className="alert alert-warn small" role="status" data-testid="board-freshness">
          {fresh.text}
        </div>
      )}
    </>
  );
}

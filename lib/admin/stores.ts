import 'server-only';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import type { SessionUser } from '../auth/session.ts';
import { db, Prisma } from '../db/index.ts';
import { newLocations, type UnmatchedLocation } from '../ops/health.ts';
import { boardOrThrow } from '../reports/boards.ts';
import { normalizeAddress } from '../text/address.ts';

// A store a board opened after our reference data was taken. Greensboro's storefront names stores by
// location id, and its locator lists each location's name and address: a location no known store is reads
// as an unmatched line on every poll (never a zero, so its bottles are simply unknown). The scraper never
// adds a store by itself — a new or moved store is an operator's call, as for Wake's locator — so an admin
// adds it here, from what the board's latest run recorded. Its first poll is then its baseline (no flood
// of arrivals), and from the next one on its shelf is followed like every other store's.

export const addStoreBody = z.object({
  boardId: z.number({ error: 'boardId must be a board id' }).int().positive(),
  locationId: z.string({ error: 'locationId must be a location id' }).trim().regex(/^\d{1,9}$/, 'locationId must be a location id'),
});

export interface AddedStore {
  id: number;
  board_id: number;
  store_number: number;
  nickname: string;
  address: string;
  city: string;
  mixed_beverage: boolean;
  source_store_key: string;
}

export async function addStoreFromLocation(actor: SessionUser, boardId: number, locationId: string): Promise<AddedStore> {
  const source = await db.boardSource.findFirst({ where: { boardId, enabled: true }, select: { key: true, storeKey: true, board: { select: { nameClean: true } } } });
  const found = source && { id: boardId, name: source.board.nameClean, source: source.key, storeKey: source.storeKey };
  const board = boardOrThrow(found, boardId, `No covered board with id ${boardId}`);
  // Only a board whose pages name stores by their own id (a SuiteCommerce storefront's locator) lists new locations.
  if (board.storeKey !== 'location_id') {
    throw new ApiError('bad_request', `${board.name}'s stores are matched by address: add them to the reference data (docs/operations.md, "A store a board opened")`);
  }
  const latest = await db.scrapeRun.findFirst({
    where: { source: board.source, status: { not: 'running' } },
    orderBy: { startedAt: 'desc' },
    select: { details: true },
  });
  const recorded = (latest?.details as { locationsUnmatched?: UnmatchedLocation[] } | null)?.locationsUnmatched?.find((u) => u.locationId === locationId);
  const [location] = recorded ? newLocations(board.id, [recorded]) : [];
  if (!location) throw new ApiError('not_found', `${board.name}'s latest run lists no new store location ${locationId}`);

  return db.$transaction(async (tx) => {
    const [{ next }] = await tx.$queryRaw<{ next: number }[]>`
      SELECT COALESCE(max(store_number), 0) + 1 AS next FROM stores WHERE board_id = ${board.id}`;
    const addressKey = normalizeAddress(location.address);
    try {
      const store = await tx.store.create({
        data: {
          boardId: board.id,
          storeNumber: next,
          nickname: location.address,
          address: `${location.address}, ${location.city}, NC`,
          addressKey,
          city: location.city,
          region: location.city,
          mixedBeverage: recorded?.kind === 'mixed_beverage',
          sourceStoreKey: location.location_id,
        },
      });
      await tx.auditLog.create({
        data: { actorId: actor.id, action: 'store_added', details: { boardId: board.id, storeId: store.id, locationId, name: location.name } },
      });
      return {
        id: store.id,
        board_id: store.boardId,
        store_number: store.storeNumber,
        nickname: store.nickname,
        address: store.address,
        city: store.city,
        mixed_beverage: store.mixedBeverage,
        source_store_key: location.location_id,
      };
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw new ApiError('conflict', `A ${board.name} store already has location ${locationId} or the address ${location.address}`);
      }
      throw error;
    }
  });
}

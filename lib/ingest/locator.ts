import { db } from '../db/index.ts';
import { placeFromLocator } from '../places/place-stores.ts';
import { normalizeAddress } from '../text/address.ts';
import { WAKE_BOARD_ID } from '../reference/boards.ts';
import type { RunOutcome } from './runs.ts';
import type { WakeLocatorStore } from './sources/wake-locator.ts';

// The store locator keeps store metadata (phone, hours, the store's point) current. Its addresses are spelled differently
// from the inventory search's (which is what stores.address holds), so a row is matched by phone number
// first, then by normalised address. Rows that match no store are reported: a new or moved store is
// something an operator must look at, never something to guess.

const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

export async function applyLocator(rows: WakeLocatorStore[]): Promise<RunOutcome> {
  const stores = await db.store.findMany({
    where: { boardId: WAKE_BOARD_ID },
    select: { id: true, phone: true, hours: true, addressKey: true },
  });
  const byPhone = new Map(stores.filter((s) => digits(s.phone)).map((s) => [digits(s.phone), s]));
  const byAddress = new Map(stores.map((s) => [s.addressKey, s]));
  const unmatched: string[] = [];
  let updated = 0;
  for (const row of rows) {
    const store = byPhone.get(digits(row.phone)) ?? byAddress.get(normalizeAddress(`${row.address}, ${row.city}`));
    if (!store) {
      unmatched.push(`${row.name} — ${row.address}, ${row.city}`);
      continue;
    }
    const hours = row.hours.trim() || store.hours;
    const phone = row.phone.trim() || store.phone;
    let changed = false;
    if (hours !== store.hours || phone !== store.phone) {
      await db.store.update({ where: { id: store.id }, data: { hours, phone } });
      changed = true;
    }
    // The locator's point is the store's exact place (issue 39), unless staff pinned another.
    if (await placeFromLocator(store.id, { latitude: row.lat, longitude: row.lng })) changed = true;
    if (changed) updated++;
  }
  return {
    status: unmatched.length ? 'partial' : 'ok',
    itemsSeen: rows.length,
    changesWritten: updated,
    error: unmatched.length ? `${unmatched.length} locator row(s) matched no known store, e.g. "${unmatched[0]}"` : null,
    details: { updated, unmatched },
  };
}

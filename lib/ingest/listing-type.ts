import type { ListingType } from '../../generated/prisma/enums.ts';

const KNOWN: Record<string, ListingType> = {
  listed: 'Listed',
  limited: 'Limited',
  allocation: 'Allocation',
  allocated: 'Allocation',
  barrel: 'Barrel',
};

/** The warehouse report's "Listing Type" text as our enum; anything new is Unknown rather than a guess. */
export function toListingType(text: string | null | undefined): ListingType {
  const key = (text ?? '').trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" would return Object.prototype's members, not a listing type.
  return Object.hasOwn(KNOWN, key) ? KNOWN[key] : 'Unknown';
}

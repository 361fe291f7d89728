import { normalizeListingType } from '@/lib/reports-client/listing-types';

/** The listing type as a coloured pill (Allocation, Limited, Barrel, Listed, Unknown). */
export function ListingBadge({ type }: { type: string | null | undefined }) {
  const t = normalizeListingType(type);
  return <span className={`badge badge-type type-${t.toLowerCase()}`}>{t}</span>;
}

import { listingTypeLabel } from '@/lib/catalog/hunted';
import { normalizeListingType } from '@/lib/reports-client/listing-types';

/** The listing type as a coloured pill (Allocation, Limited, Barrel, Listed, and New release for Unknown). */
export function ListingBadge({ type }: { type: string | null | undefined }) {
  const t = normalizeListingType(type);
  const title = t === 'Unknown' ? 'New release: the state has not given it a listing type yet' : undefined;
  return <span className={`badge badge-type type-${t.toLowerCase()}`} title={title}>{listingTypeLabel(t)}</span>;
}

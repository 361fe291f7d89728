import { listingTypeLabel } from '@/lib/catalog/hunted';
import { compareListingTypes, normalizeListingType } from '@/lib/reports-client/listing-types';

/**
 * Listing-type badges that toggle: pressed badges narrow the list to those types; none pressed shows
 * every type.
 */
export function TypeFilter({
  counts,
  selected,
  onToggle,
  onClear,
  label = 'Filter by listing type',
}: {
  counts: Record<string, number>;
  selected: ReadonlySet<string>;
  onToggle: (type: string) => void;
  onClear: () => void;
  label?: string;
}) {
  const types = Object.keys(counts).sort(compareListingTypes);
  return (
    <div className="type-filter" role="group" aria-label={label}>
      {types.map((type) => {
        const t = normalizeListingType(type);
        return (
          <button key={type} type="button" className={`type-toggle type-${t.toLowerCase()}`} aria-pressed={selected.has(t)}
            onClick={() => onToggle(type)}>
            {listingTypeLabel(t)} <span className="type-count">{counts[type]}</span>
          </button>
        );
      })}
      <button type="button" className="type-toggle type-all" aria-pressed={selected.size === 0} onClick={onClear}>
        All types
      </button>
    </div>
  );
}

import { HUNTED_TYPES, LISTING_TYPES } from '../catalog/hunted.ts';

// Listing types on the screens; which ones are hunted is lib/catalog/hunted.ts's rule.

export { HUNTED_TYPES, LISTING_TYPES };

/** The type as one of ours ("allocated" and odd casing included); anything else is Unknown. */
export function normalizeListingType(value: string | null | undefined): string {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'allocation' || v === 'allocated') return 'Allocation';
  if (v === 'limited') return 'Limited';
  if (v === 'barrel') return 'Barrel';
  if (v === 'listed') return 'Listed';
  return 'Unknown';
}

/** Sort order for type badges: hunted types first, in the order above. */
export function compareListingTypes(a: string, b: string): number {
  const ia = (LISTING_TYPES as readonly string[]).indexOf(normalizeListingType(a));
  const ib = (LISTING_TYPES as readonly string[]).indexOf(normalizeListingType(b));
  return ia - ib || a.localeCompare(b);
}

/** With nothing selected every type passes; otherwise only the selected types do. */
export function typePasses(type: string | null | undefined, selected: ReadonlySet<string>): boolean {
  return selected.size === 0 || selected.has(normalizeListingType(type));
}

/** Toggles one type in a selection (returns a new set). */
export function toggleType(selected: ReadonlySet<string>, type: string): Set<string> {
  const next = new Set(selected);
  const key = normalizeListingType(type);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

// Value readers shared by the page parsers: quantities, prices and bottle sizes as the boards print them.

/**
 * A bottle size label in millilitres: ".750L" → 750, ".75L" → 750, "750ML" → 750, "1.75L" → 1750, "50ML" → 50,
 * "1 L" → 1000. Anything else (empty, "large", "4Pk") → null.
 */
export function parseSizeMl(label: string): number | null {
  const m = /^(\d*\.?\d+)\s*(ml|l|liters?|litres?)$/i.exec(label.trim());
  if (!m) return null;
  const value = Number(m[1]) * (m[2].toLowerCase() === 'ml' ? 1 : 1000);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
}

/** A size label inside running text ("54.95 USD | .750L"): the first one, as printed, or null. */
export function findSizeLabel(text: string): string | null {
  const m = /(?:^|[\s|(,;/·•-])(\d*\.?\d+\s*(?:ml|l))(?=$|[\s|),;/·•])/i.exec(text);
  return m ? m[1] : null;
}

/** "3 in stock", "1,234 in stock", "0 in stock" → number; anything else → null. */
export function parseQuantity(text: string): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\s+in\s+stock)?$/i.exec(text.trim());
  return m ? Number(m[1].replace(/,/g, '')) : null;
}

/** "79.95 USD", "$1,299.99" → number; missing or "Not Available" → null. */
export function parsePrice(text: string): number | null {
  const m = /(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/.exec(text);
  return m ? Number(m[1].replace(/,/g, '') + (m[2] ?? '')) : null;
}

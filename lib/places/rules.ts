// The rules of distance words the screens use (browser-safe, no zod: a screen's bundle imports this at run time).

/** "9 mi", "0.4 mi", "120 mi": a tenth below ten miles, whole miles beyond. */
export function milesWords(miles: number): string {
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/** How far a store is from the hunter: "9.0 mi", or "≈ 9.0 mi" when the store's point is its ZIP code's or city's centre. */
export function awayWords(away: { miles: number; approximate: boolean }): string {
  return `${away.approximate ? '≈ ' : ''}${milesWords(away.miles)}`;
}

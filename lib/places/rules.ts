// The rules of distance words the screens use (browser-safe, no zod: a screen's bundle imports this at run time).

/** "9 mi", "0.4 mi", "120 mi": a tenth below ten miles, whole miles beyond. */
export function milesWords(miles: number): string {
  return miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/** How far a store is from the hunter: "9.0 mi", or "≈ 9.0 mi" when the store's point is its ZIP code's or city's centre. */
export function awayWords(away: { miles: number; approximate: boolean }): string {
  return `${away.approximate ? '≈ ' : ''}${milesWords(away.miles)}`;
}

/**
 * A point on the map (public/maps/nc-counties.json): d3-geo's Mercator with the map's own scale and translation, so a
 * screen places stores and the hunter without d3. map-shapes.test.ts checks it against d3 itself.
 */
export function projectPoint(projection: { scale: number; translate: [number, number] }, point: { latitude: number; longitude: number }): { x: number; y: number } {
  const lambda = (point.longitude * Math.PI) / 180;
  const phi = (point.latitude * Math.PI) / 180;
  return {
    x: projection.translate[0] + projection.scale * lambda,
    y: projection.translate[1] - projection.scale * Math.log(Math.tan((Math.PI / 2 + phi) / 2)),
  };
}

/**
 * Cases in one delivery: bottles divided by bottles per case, rounded up; at least 1 when any bottle
 * arrived and 0 otherwise. An unknown or nonsensical case size counts each delivery as one case.
 */
export function casesPerDelivery(quantity: number, bottlesPerCase: number | null | undefined): number {
  if (!Number.isFinite(quantity) || quantity <= 0) return 0;
  const perCase = bottlesPerCase && bottlesPerCase > 0 ? bottlesPerCase : quantity;
  return Math.max(1, Math.ceil(quantity / perCase));
}

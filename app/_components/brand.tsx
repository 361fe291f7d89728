import Link from 'next/link';

export function Brand() {
  return (
    <Link href="/" className="brand">
      {/* eslint-disable-next-line @next/next/no-img-element -- a tiny static SVG needs no optimisation */}
      <img src="/icon.svg" alt="" className="brand-mark" width={28} height={28} />
      <span>NC Bourbon Tracker</span>
    </Link>
  );
}

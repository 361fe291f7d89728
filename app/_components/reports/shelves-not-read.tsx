import Link from 'next/link';
import { shelvesNotReadWords } from '@/lib/reports-client/precision';

/**
 * A shelf-only screen (Current Inventory, Delivery Analysis) for a board whose shelves are not read: it says
 * so and points to what is known — the board's shipments on Today's Arrivals — instead of an empty report
 * that would read as empty shelves.
 */
export function ShelvesNotRead({ boardId, name }: { boardId: number; name: string }) {
  return (
    <section className="card stack-sm" data-testid="shelves-not-read">
      <p>{shelvesNotReadWords(name)}</p>
      <p>
        <Link href={`/todays-arrivals?board=${boardId}`}>What the state shipped to {name}</Link>
      </p>
    </section>
  );
}

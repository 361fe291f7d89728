import type { ShipmentDay } from '@/lib/reports/types';

/**
 * What the state's shipment report says about the days behind a shipments figure: only the days with a note
 * (missing, late, incomplete, spanning, or the report failing), newest first; nothing when every day was whole.
 */
export function ShipmentDayNotes({ days }: { days: readonly ShipmentDay[] }) {
  const notes = days.filter((d) => d.note);
  if (notes.length === 0) return null;
  return (
    <div className="alert alert-warn small" role="status" data-testid="shipment-day-notes">
      <ul>
        {notes.map((d) => (
          <li key={d.date}>{d.note}</li>
        ))}
      </ul>
    </div>
  );
}

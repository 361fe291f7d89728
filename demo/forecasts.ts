// The demo's forecasts: the last REPLAY_DAYS of the generated history run through the real forecasting code
// (lib/forecast/forecast.ts) as the scraper would have run it — each weekday's shipments forecast after the
// extract is read (11:20 New York), the shelves' evidence and scores at the end of each day — so a fresh demo
// opens with shipments on their way, forecasts that landed or did not, and a record. Demo databases only:
// it runs inside seedDatabase after the generated history, never on a deployment's data.
import { forecastNewShipments, updateForecasts } from '../lib/forecast/forecast.ts';
import { addDays, nyDate, nyTimeToUtc } from '../lib/time.ts';

export const REPLAY_DAYS = 14;
/**
 * Days before REPLAY_DAYS whose shipments are forecast too, with no evening update: a product forecasting for months
 * has forecasts out for the bottles that arrive in the first days of its record, so those arrivals are scored against
 * forecasts that were made, not missed because forecasting began that morning. More than SCORE_LOOKBACK_DAYS, as the
 * first evening's update scores a week of arrivals.
 */
export const LEAD_IN_DAYS = 8;

export async function replayForecasts(now: Date, log: (line: string) => void = () => {}): Promise<{ incoming: number; named: number }> {
  const started = performance.now();
  const today = nyDate(now);
  let incoming = 0;
  let named = 0;
  for (let back = REPLAY_DAYS + LEAD_IN_DAYS; back >= 0; back--) {
    const day = addDays(today, -back);
    const extractRead = nyTimeToUtc(day, 11, 20);
    if (extractRead <= now) {
      const run = await forecastNewShipments(extractRead);
      incoming += run.incoming;
      named += run.named;
    }
    if (back > REPLAY_DAYS) continue;
    const evening = nyTimeToUtc(day, 21, 0);
    await updateForecasts(evening < now ? evening : now);
  }
  log(`forecasts: ${incoming} shipment(s) of the last ${REPLAY_DAYS} days forecast, ${named} place(s) named (${Math.round(performance.now() - started)} ms)`);
  return { incoming, named };
}

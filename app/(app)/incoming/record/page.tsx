import type { Metadata } from 'next';
import Link from 'next/link';
import { firstAnswer } from '@/lib/api/handler';
import { forecastRecordRead } from '@/lib/forecast/reads';
import { ForecastRecordView } from '../../../_components/forecast/record-view';

export const metadata: Metadata = { title: 'Forecast record' };

/** How often each board's forecasts were right: every screen that shows a forecast links here. */
export default async function ForecastRecordPage() {
  const record = await firstAnswer(forecastRecordRead);
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Forecast record</h1>
          <p>
            How often forecasts were right over the last 30 and 90 days. Every forecast is checked against what the store shelves
            showed once its window has passed.
          </p>
        </div>
        <Link className="btn btn-secondary" href="/incoming">
          Incoming
        </Link>
      </div>
      <ForecastRecordView first={record} />
    </div>
  );
}

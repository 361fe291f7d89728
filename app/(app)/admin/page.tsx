import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { firstAnswer } from '@/lib/api/handler';
import { getSessionUser, isStaff } from '@/lib/auth/session';
import { forecastRecordRead } from '@/lib/forecast/reads';
import { ForecastRecordView } from '../../_components/forecast/record-view';
import { AlertVolume } from './alert-volume';
import { SourceHealth } from './source-health';
import { UsersTable } from './users-table';

export const metadata: Metadata = { title: 'Manage Users' };

/** Only admin and power_user reach this page; the role is checked here, on the server. */
export default async function AdminPage() {
  const user = await getSessionUser();
  if (!user) redirect('/login?next=%2Fadmin');
  if (!isStaff(user.role)) redirect('/');
  return (
    <div className="stack">
      <div className="page-header">
        <div>
          <h1>Manage Users</h1>
          <p>Approve new accounts, change roles and send password reset e-mails.</p>
        </div>
      </div>
      <UsersTable currentUserId={user.id} actorRole={user.role} />
      <AlertVolume />
      <SourceHealth />
      <section className="stack-sm" aria-labelledby="forecast-record-heading">
        <h2 id="forecast-record-heading">Forecast record</h2>
        <p className="muted small">How often each board&apos;s forecasts were right (hunters see the same on Incoming&apos;s record).</p>
        <ForecastRecordView first={await firstAnswer(forecastRecordRead)} headingLevel={3} />
      </section>
    </div>
  );
}

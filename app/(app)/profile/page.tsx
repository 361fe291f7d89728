import type { Metadata } from 'next';
import Link from 'next/link';
import { firstAnswer } from '@/lib/api/handler';
import { coveredBoardsRead } from '@/lib/reports/reads';
import type { CoveredBoards } from '@/lib/reports/types';
import { ArrivalAlertsCard } from './arrival-alerts/arrival-alerts-card';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

export const metadata: Metadata = { title: 'My Profile' };

/** The home boards offered come in the HTML (the covered boards' first answer). */
export default async function ProfilePage() {
  const covered = await firstAnswer<CoveredBoards>(coveredBoardsRead);
  return (
    <div className="stack narrow">
      <div className="page-header">
        <div>
          <h1>My Profile</h1>
          <p>Your name, phone number, home board, password and arrival alerts.</p>
        </div>
      </div>
      <div className="alert alert-info" data-testid="watchlist-notice">
        Looking for the products you follow? Your watchlist has moved to its own page:{' '}
        <Link href="/watchlist">go to My Watchlist</Link>.
      </div>
      <ProfileForm covered={covered} />
      <ChangePasswordForm />
      <ArrivalAlertsCard />
    </div>
  );
}

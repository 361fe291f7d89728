import type { Metadata } from 'next';
import Link from 'next/link';
import { firstAnswer } from '@/lib/api/handler';
import { boardsRead } from '@/lib/reports/reads';
import { ArrivalAlertsCard } from './arrival-alerts/arrival-alerts-card';
import { ChangePasswordForm } from './change-password-form';
import { DiscordCard } from './notifications/discord-card';
import { PushCard } from './notifications/push-card';
import { PlaceCard } from './place-card';
import { ProfileForm } from './profile-form';

export const metadata: Metadata = { title: 'My Profile' };

/** The home boards offered come in the HTML (the board directory's first answer). */
export default async function ProfilePage() {
  const directory = await firstAnswer(boardsRead);
  return (
    <div className="stack narrow">
      <div className="page-header">
        <div>
          <h1>My Profile</h1>
          <p>Your name, phone number, home board, your place, password, arrival alerts and where they reach you.</p>
        </div>
      </div>
      <div className="alert alert-info" data-testid="watchlist-notice">
        Looking for the products you follow? Your watchlist has moved to its own page:{' '}
        <Link href="/watchlist">go to My Watchlist</Link>.
      </div>
      <ProfileForm directory={directory} />
      <PlaceCard />
      <ChangePasswordForm />
      <ArrivalAlertsCard />
      <PushCard />
      <DiscordCard />
    </div>
  );
}

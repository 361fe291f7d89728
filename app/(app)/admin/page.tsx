import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSessionUser, isStaff } from '@/lib/auth/session';
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
    </div>
  );
}

'use client';

import { useCallback, useState } from 'react';
import type { AdminUser, Role } from '@/lib/admin/types';
import { Banner, type Message } from '../../_components/form';
import { callApi } from '../../_components/data/call';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource, type Loaded } from '../../_components/data/use-resource';
import { UserRow } from './user-row';

// The spec's text names the status (or the network), never the server's words.
const failedWith = (why: string | number) => `Error fetching users: ${why}`;

async function loadUsers(signal: AbortSignal): Promise<Loaded<AdminUser[]>> {
  const res = await callApi<AdminUser[]>('/api/admin/users', { failed: failedWith('unknown error') }, { signal });
  if (res.ok && Array.isArray(res.data)) return { ok: true, data: res.data };
  return { ok: false, error: failedWith(!res.ok && res.network ? 'network error' : res.status) };
}

/** The users table with one result region: every action reports there with ✅ or ❌. */
export function UsersTable({ currentUserId, actorRole }: { currentUserId: number; actorRole: Role }) {
  const { state, reload, update } = useResource('admin-users', loadUsers, failedWith('unknown error'));
  const [outcome, setOutcome] = useState<Message | null>(null);

  // The rows' actions answer with the changed user: it replaces the loaded one.
  const updateUser = useCallback(
    (updated: AdminUser) => update((users) => users.map((u) => (u.user_id === updated.user_id ? updated : u))),
    [update],
  );

  const loading = (
    <p className="muted" role="status">
      Loading users…
    </p>
  );
  return (
    <ResourceView state={state} onRetry={reload} loading={loading}>
      {(users) => (
        <div>
          <div aria-live="polite" aria-atomic="true" className="result-region">
            <Banner message={outcome} testId="admin-result" action={{ label: 'Dismiss', onClick: () => setOutcome(null) }} />
          </div>
          {users.length === 0 ? (
            <p className="muted">No users yet.</p>
          ) : (
            <div className="table-wrap card">
              <table className="data-table stacked">
                <caption className="sr-only">Users</caption>
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">Name</th>
                    <th scope="col">Email</th>
                    <th scope="col">Status</th>
                    <th scope="col">Role</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <UserRow key={user.user_id} user={user} actorRole={actorRole} isSelf={user.user_id === currentUserId}
                      onUpdated={updateUser} onOutcome={setOutcome} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </ResourceView>
  );
}

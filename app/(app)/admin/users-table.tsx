'use client';

import { useCallback, useState } from 'react';
import { apiFetch, NetworkError } from '../../_components/api';
import { Banner, failure, type Message } from '../../_components/form';
import { useResource, type Loaded } from '../../_components/reports/use-resource';
import { UserRow, type AdminUser, type Role } from './user-row';

async function loadUsers(signal: AbortSignal): Promise<Loaded<AdminUser[]>> {
  try {
    const res = await apiFetch<AdminUser[]>('/api/admin/users', { signal });
    if (!res.ok || !Array.isArray(res.data)) return { ok: false, error: `Error fetching users: ${res.status}` };
    return { ok: true, data: res.data };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { ok: false, error: `Error fetching users: ${e instanceof NetworkError ? 'network error' : 'unknown error'}` };
  }
}

/** The users table with one result region: every action reports there with ✅ or ❌. */
export function UsersTable({ currentUserId, actorRole }: { currentUserId: number; actorRole: Role }) {
  const { state, reload } = useResource('admin-users', loadUsers);
  // The rows' actions answer with the changed user; it is drawn over the loaded list. (The list is loaded
  // again only after a failed load, when no row was there to change.)
  const [changed, setChanged] = useState<ReadonlyMap<number, AdminUser>>(() => new Map());
  const [outcome, setOutcome] = useState<Message | null>(null);

  const updateUser = useCallback((updated: AdminUser) => {
    setChanged((m) => new Map(m).set(updated.user_id, updated));
  }, []);

  if (state.status === 'error') {
    return <Banner message={failure(state.error)} action={{ label: 'Try Again', onClick: reload }} />;
  }
  if (state.status !== 'ready') {
    return (
      <p className="muted" role="status">
        Loading users…
      </p>
    );
  }
  const users = state.data.map((u) => changed.get(u.user_id) ?? u);

  return (
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
  );
}

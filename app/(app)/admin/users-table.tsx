'use client';

import { useCallback, useEffect, useState } from 'react';
import { apiFetch, NetworkError } from '../../_components/api';
import { Banner, failure, type Message } from '../../_components/form';
import { UserRow, type AdminUser, type Role } from './user-row';

type Load = { kind: 'loading' } | { kind: 'error'; text: string } | { kind: 'ready'; users: AdminUser[] };

async function fetchUsers(): Promise<Load> {
  try {
    const res = await apiFetch<AdminUser[]>('/api/admin/users');
    if (!res.ok || !Array.isArray(res.data)) return { kind: 'error', text: `Error fetching users: ${res.status}` };
    return { kind: 'ready', users: res.data };
  } catch (e) {
    return { kind: 'error', text: `Error fetching users: ${e instanceof NetworkError ? 'network error' : 'unknown error'}` };
  }
}

/** The users table with one result region: every action reports there with ✅ or ❌. */
export function UsersTable({ currentUserId, actorRole }: { currentUserId: number; actorRole: Role }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [outcome, setOutcome] = useState<Message | null>(null);

  const reload = useCallback(() => fetchUsers().then(setLoad), []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const updateUser = useCallback((updated: AdminUser) => {
    setLoad((l) =>
      l.kind === 'ready' ? { ...l, users: l.users.map((u) => (u.user_id === updated.user_id ? updated : u)) } : l,
    );
  }, []);

  if (load.kind === 'loading') {
    return (
      <p className="muted" role="status">
        Loading users…
      </p>
    );
  }
  if (load.kind === 'error') {
    return (
      <Banner message={failure(load.text)} action={{ label: 'Try Again', onClick: () => void reload() }} />
    );
  }

  return (
    <div>
      <div aria-live="polite" aria-atomic="true" className="result-region">
        <Banner message={outcome} testId="admin-result" action={{ label: 'Dismiss', onClick: () => setOutcome(null) }} />
      </div>
      {load.users.length === 0 ? (
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
              {load.users.map((user) => (
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

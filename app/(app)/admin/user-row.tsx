'use client';

import { useState } from 'react';
import { apiFetch } from '../../_components/api';

export type Role = 'user' | 'power_user' | 'admin';
export type Status = 'pending' | 'active' | 'disabled';

export interface AdminUser {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: Status;
  role: Role;
}

export interface Outcome {
  ok: boolean;
  text: string;
}

const ROLES: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'power_user', label: 'Power User' },
  { value: 'admin', label: 'Admin' },
];

const fail = (base: string, error?: string): Outcome => ({ ok: false, text: `❌ ${base}${error ? `: ${error}` : ''}` });

/** One user: role selector, Activate/Disable toggle and the password-reset e-mail action. */
export function UserRow({
  user,
  actorRole,
  isSelf,
  onUpdated,
  onOutcome,
}: {
  user: AdminUser;
  /** The signed-in staff member's role: only an admin may change admin accounts or grant admin. */
  actorRole: Role;
  isSelf: boolean;
  onUpdated: (user: AdminUser) => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [busy, setBusy] = useState<'role' | 'status' | 'reset' | null>(null);
  const name = `${user.first_name} ${user.last_name}`.trim();
  const isActive = user.status === 'active';

  async function changeRole(role: Role) {
    setBusy('role');
    try {
      const res = await apiFetch<{ error?: string; user?: AdminUser }>(`/api/admin/users/${user.user_id}/role`, {
        method: 'PATCH',
        body: { role },
      });
      if (!res.ok) {
        onOutcome(fail('Failed to update role', res.data.error));
        return;
      }
      onUpdated(res.data.user ?? { ...user, role });
      onOutcome({ ok: true, text: `✅ ${name} is now ${ROLES.find((r) => r.value === role)?.label ?? role}.` });
    } catch {
      onOutcome(fail('Failed to update role'));
    } finally {
      setBusy(null);
    }
  }

  async function toggleStatus() {
    const activate = !isActive;
    setBusy('status');
    try {
      const res = await apiFetch<{ error?: string; user?: AdminUser }>(`/api/admin/users/${user.user_id}/status`, {
        method: 'PATCH',
        body: { isActive: activate },
      });
      if (!res.ok) {
        onOutcome(fail('Failed to update status', res.data.error));
        return;
      }
      onUpdated(res.data.user ?? { ...user, status: activate ? 'active' : 'disabled' });
      onOutcome({ ok: true, text: activate ? `✅ ${name} is now active.` : `✅ ${name} is now disabled.` });
    } catch {
      onOutcome(fail('Failed to update status'));
    } finally {
      setBusy(null);
    }
  }

  async function sendReset() {
    if (!window.confirm(`Send a password reset e-mail to ${user.email}?`)) return;
    setBusy('reset');
    try {
      const res = await apiFetch<{ success?: boolean; message?: string; error?: string }>(
        `/api/admin/users/${user.user_id}/reset-password`,
        { method: 'POST' },
      );
      if (res.ok && res.data.success !== false) {
        onOutcome({ ok: true, text: `✅ ${res.data.message || `Password reset e-mail sent to ${user.email}.`}` });
      } else {
        onOutcome(fail('Failed to send password reset email', res.data.error));
      }
    } catch {
      onOutcome(fail('Failed to send password reset email'));
    } finally {
      setBusy(null);
    }
  }

  // Controls the server would refuse anyway are locked, with the reason as a tooltip.
  const adminOnly = actorRole !== 'admin' && user.role === 'admin';
  const lockNote = isSelf
    ? 'You cannot change your own account here'
    : adminOnly
      ? 'Only an admin can change admin accounts'
      : undefined;
  const locked = lockNote !== undefined;

  return (
    <tr data-user-id={user.user_id}>
      <td data-label="ID">{user.user_id}</td>
      <td data-label="Name">
        {name}
        {isSelf && <span className="muted small"> (you)</span>}
      </td>
      <td data-label="Email" className="break">{user.email}</td>
      <td data-label="Status">
        <span className={`badge badge-${user.status}`}>{user.status}</span>
      </td>
      <td data-label="Role">
        <select className="input input-sm" aria-label={`Role for ${name}`} value={user.role}
          disabled={busy !== null || locked} title={lockNote}
          onChange={(e) => void changeRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r.value} value={r.value} disabled={r.value === 'admin' && actorRole !== 'admin'}>
              {r.label}
            </option>
          ))}
        </select>
      </td>
      <td data-label="Actions">
        <div className="row nowrap">
          <button type="button" className={`btn btn-sm ${isActive ? 'btn-secondary' : 'btn-primary'}`}
            disabled={busy !== null || locked} title={lockNote} onClick={() => void toggleStatus()}
            aria-label={`${isActive ? 'Disable' : 'Activate'} ${name}`}>
            {isActive ? 'Disable' : 'Activate'}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={!isActive || busy !== null || adminOnly}
            title={isActive ? (adminOnly ? lockNote : undefined) : 'User must be active to reset password'}
            aria-label={busy === 'reset' ? undefined : `Reset Password for ${name}`}
            onClick={() => void sendReset()}>
            {busy === 'reset' ? 'Sending...' : 'Reset Password'}
          </button>
        </div>
      </td>
    </tr>
  );
}

'use client';

import type { AdminUser, ResetSent, Role, UserChanged } from '@/lib/admin/types';
import { errorText } from '../../_components/api';
import { failure, success, useSubmit, type Message } from '../../_components/form';

const ROLES: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'power_user', label: 'Power User' },
  { value: 'admin', label: 'Admin' },
];

const FAILED = {
  role: 'Failed to update role',
  status: 'Failed to update status',
  reset: 'Failed to send password reset email',
};

/** ❌ and what failed, with the server's reason when it gave one. */
const fail = (base: string, reason?: string) => failure(`❌ ${base}${reason ? `: ${reason}` : ''}`);

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
  onOutcome: (outcome: Message) => void;
}) {
  // Each action reports to the table's one result region, which keeps the last outcome until the next.
  const report = (message: Message | null) => {
    if (message) onOutcome(message);
  };
  const role = useSubmit({ failed: `❌ ${FAILED.role}`, report });
  const status = useSubmit({ failed: `❌ ${FAILED.status}`, report });
  const reset = useSubmit({ failed: `❌ ${FAILED.reset}`, report });
  const busy = role.busy || status.busy || reset.busy;
  const name = `${user.first_name} ${user.last_name}`.trim();
  const isActive = user.status === 'active';

  function changeRole(next: Role) {
    void role.run(async () => {
      const res = await role.send<UserChanged>(`/api/admin/users/${user.user_id}/role`, {
        method: 'PATCH',
        body: { role: next },
      });
      if (!res.ok) return fail(FAILED.role, errorText(res.data));
      onUpdated(res.data.user ?? { ...user, role: next });
      return success(`✅ ${name} is now ${ROLES.find((r) => r.value === next)?.label ?? next}.`);
    });
  }

  function toggleStatus() {
    const activate = !isActive;
    void status.run(async () => {
      const res = await status.send<UserChanged>(`/api/admin/users/${user.user_id}/status`, {
        method: 'PATCH',
        body: { isActive: activate },
      });
      if (!res.ok) return fail(FAILED.status, errorText(res.data));
      onUpdated(res.data.user ?? { ...user, status: activate ? 'active' : 'disabled' });
      return success(activate ? `✅ ${name} is now active.` : `✅ ${name} is now disabled.`);
    });
  }

  function sendReset() {
    if (!window.confirm(`Send a password reset e-mail to ${user.email}?`)) return;
    void reset.run(async () => {
      const res = await reset.send<ResetSent>(`/api/admin/users/${user.user_id}/reset-password`, { method: 'POST' });
      if (!res.ok) return fail(FAILED.reset, errorText(res.data));
      return success(`✅ ${res.data.message || `Password reset e-mail sent to ${user.email}.`}`);
    });
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
          disabled={busy || locked} title={lockNote}
          onChange={(e) => changeRole(e.target.value as Role)}>
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
            disabled={busy || locked} title={lockNote} onClick={toggleStatus}
            aria-label={`${isActive ? 'Disable' : 'Activate'} ${name}`}>
            {isActive ? 'Disable' : 'Activate'}
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={!isActive || busy || adminOnly}
            title={isActive ? (adminOnly ? lockNote : undefined) : 'User must be active to reset password'}
            aria-label={reset.busy ? undefined : `Reset Password for ${name}`}
            onClick={sendReset}>
            {reset.busy ? 'Sending...' : 'Reset Password'}
          </button>
        </div>
      </td>
    </tr>
  );
}

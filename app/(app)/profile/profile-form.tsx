'use client';

import { useState, type FormEvent } from 'react';
import { formatPhone, NAME_MAX_LENGTH, normalizePhone, profileError } from '@/lib/auth/rules';
import { groupBoards, WAKE_BOARD_ID } from '@/lib/reports-client/boards';
import type { BoardDirectory, BoardEntry } from '@/lib/reports/types';
import type { Profile, ProfileAnswer, ProfileSavedAnswer } from '@/lib/users/types';
import { errorText } from '../../_components/api';
import { useAuth } from '../../_components/auth-context';
import { Banner, failure, Field, SubmitButton, success, useSubmit } from '../../_components/form';
import { useBoardDirectory } from '../../_components/reports/board-choice';
import { getJson } from '../../_components/data/get-json';
import { ResourceView } from '../../_components/data/resource-view';
import { useResource, type ResourceState } from '../../_components/data/use-resource';
import { PhoneInput } from './phone-input';

const LOAD_ERROR = 'Could not load your profile. Please try again.';

const toForm = (p: Profile) => ({
  first_name: p.first_name ?? '',
  last_name: p.last_name ?? '',
  phone: formatPhone(p.phone_number ?? ''),
  homeBoard: String(p.home_board_id ?? WAKE_BOARD_ID),
});

/**
 * The "Profile details" card: loads GET /api/user/me, then shows the form; every board can be the home board,
 * offered in groups by what is known of it (GET /api/boards, `directory`: the server's first answer).
 */
export function ProfileForm({ directory }: { directory?: BoardDirectory | null }) {
  const { state, reload } = useResource('profile', (signal) => getJson<ProfileAnswer>('/api/user/me', LOAD_ERROR, signal), LOAD_ERROR);
  const boards = useBoardDirectory(directory);
  // One region for both loads: ready when both are, failed (with LOAD_ERROR) when either failed.
  const both: ResourceState<{ profile: Profile; boards: BoardEntry[] }> =
    state.status === 'error' || boards.state.status === 'error'
      ? { status: 'error', error: LOAD_ERROR }
      : state.status === 'ready' && boards.state.status === 'ready'
        ? { status: 'ready', data: { profile: state.data, boards: boards.state.data.boards } }
        : { status: 'loading' };
  const retry = () => {
    if (state.status === 'error') reload();
    if (boards.state.status === 'error') boards.reload();
  };
  return (
    <section className="card stack" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile details</h2>
      <ResourceView
        state={both}
        onRetry={retry}
        loading={
          <p className="muted" role="status">
            Loading your profile…
          </p>
        }
      >
        {(loaded) => <ProfileDetailsForm loaded={loaded.profile} boards={loaded.boards} />}
      </ResourceView>
    </section>
  );
}

/** The form: saves with PUT /api/user/me, then refreshes the header's user. */
function ProfileDetailsForm({ loaded, boards }: { loaded: Profile; boards: BoardEntry[] }) {
  const { refresh } = useAuth();
  const [form, setForm] = useState(() => toForm(loaded));
  const save = useSubmit({ failed: 'Profile update failed. Please try again.' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = profileError({ first_name: form.first_name, last_name: form.last_name, phone_number: form.phone });
    if (invalid) {
      save.show(failure(invalid));
      return;
    }
    void save.run(async () => {
      const res = await save.send<ProfileSavedAnswer>('/api/user/me', {
        method: 'PUT',
        body: {
          first_name: form.first_name.trim(),
          last_name: form.last_name.trim(),
          phone_number: normalizePhone(form.phone),
          home_board_id: Number(form.homeBoard),
        },
      });
      if (!res.ok) return failure(res.network ? res.error : errorText(res.data) || `HTTP ${res.status}`);
      setForm(toForm(res.data.user));
      save.show(success('Profile updated successfully.')); // saved: say so while the header catches up
      await refresh(); // the header's welcome line shows the new first name
    });
  }

  return (
    <>
      <Banner message={save.message} />
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={save.busy}>
        <div className="form-pair">
          <Field id="first_name" label="First name">
            {(control) => (
              <input {...control} className="input" autoComplete="given-name" required maxLength={NAME_MAX_LENGTH}
                value={form.first_name} onChange={(e) => setForm((f) => ({ ...f, first_name: e.target.value }))} />
            )}
          </Field>
          <Field id="last_name" label="Last name">
            {(control) => (
              <input {...control} className="input" autoComplete="family-name" required maxLength={NAME_MAX_LENGTH}
                value={form.last_name} onChange={(e) => setForm((f) => ({ ...f, last_name: e.target.value }))} />
            )}
          </Field>
        </div>
        <Field id="email" label="Email" hint="Email is managed by the system.">
          {(control) => <input {...control} type="email" className="input" readOnly value={loaded.email} />}
        </Field>
        <Field id="phone_number" label="Phone number" hint="Optional. Enter a 10-digit US phone number; it is formatted automatically.">
          {(control) => (
            <PhoneInput {...control} className="input" autoComplete="tel-national" placeholder="(919) 555-0123"
              value={form.phone} onChange={(phone) => setForm((f) => ({ ...f, phone }))} />
          )}
        </Field>
        <Field id="home_board_id" label="Home board" hint="The board whose stores Today's Arrivals, Current Inventory, Delivery Analysis and Stores show first.">
          {(control) => (
            <select {...control} className="input" value={form.homeBoard} onChange={(e) => setForm((f) => ({ ...f, homeBoard: e.target.value }))}>
              {groupBoards(boards).map((g) => (
                <optgroup key={g.label} label={g.label}>
                  {g.boards.map((b) => (
                    <option key={b.board_id} value={b.board_id}>
                      {b.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        <div>
          <SubmitButton busy={save.busy} busyText="Saving…">
            Save Profile
          </SubmitButton>
        </div>
      </form>
    </>
  );
}

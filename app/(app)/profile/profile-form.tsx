'use client';

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatPhone, NAME_MAX_LENGTH, normalizePhone, profileError } from '@/lib/auth/rules';
import { apiFetch } from '../../_components/api';
import { useAuth } from '../../_components/auth-context';
import { PhoneInput } from './phone-input';

interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

type Banner = { kind: 'success' | 'error'; text: string } | null;

const LOAD_ERROR = 'Could not load your profile. Please try again.';

async function fetchProfile(): Promise<Profile | null> {
  try {
    const res = await apiFetch<Profile>('/api/user/me');
    return res.ok ? res.data : null;
  } catch {
    return null;
  }
}

/** The profile form: loads GET /api/user/me, saves with PUT, then refreshes the header's user. */
export function ProfileForm() {
  const { refresh } = useAuth();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [form, setForm] = useState({ first_name: '', last_name: '', phone: '' });
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  const show = useCallback((p: Profile) => {
    setProfile(p);
    setForm({ first_name: p.first_name ?? '', last_name: p.last_name ?? '', phone: formatPhone(p.phone_number ?? '') });
  }, []);

  const load = useCallback(
    () =>
      fetchProfile().then((p) => {
        setLoadFailed(!p);
        if (p) show(p);
      }),
    [show],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = profileError({ first_name: form.first_name, last_name: form.last_name, phone_number: form.phone });
    if (invalid) {
      setBanner({ kind: 'error', text: invalid });
      return;
    }
    setBanner(null);
    setBusy(true);
    try {
      const res = await apiFetch<{ success?: boolean; user?: Profile; error?: string }>('/api/user/me', {
        method: 'PUT',
        body: {
          first_name: form.first_name.trim(),
          last_name: form.last_name.trim(),
          phone_number: normalizePhone(form.phone),
        },
      });
      if (!res.ok || res.data.success === false) {
        setBanner({ kind: 'error', text: res.data.error || `HTTP ${res.status}` });
        return;
      }
      if (res.data.user) show(res.data.user);
      setBanner({ kind: 'success', text: 'Profile updated successfully.' });
      await refresh(); // the header's welcome line shows the new first name
    } catch {
      setBanner({ kind: 'error', text: 'Profile update failed. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile details</h2>
      {loadFailed && (
        <div className="alert alert-error row spread" role="alert">
          <span>{LOAD_ERROR}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void load()}>
            Try Again
          </button>
        </div>
      )}
      {banner && (
        <div className={`alert alert-${banner.kind}`} role={banner.kind === 'error' ? 'alert' : 'status'}>
          {banner.text}
        </div>
      )}
      {!profile ? (
        !loadFailed && (
          <p className="muted" role="status">
            Loading your profile…
          </p>
        )
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
          <div className="form-pair">
            <div className="field">
              <label htmlFor="first_name">First name</label>
              <input id="first_name" className="input" autoComplete="given-name" required maxLength={NAME_MAX_LENGTH}
                value={form.first_name}
                onChange={(e) => setForm((f) => ({ ...f, first_name: e.target.value }))} />
            </div>
            <div className="field">
              <label htmlFor="last_name">Last name</label>
              <input id="last_name" className="input" autoComplete="family-name" required maxLength={NAME_MAX_LENGTH}
                value={form.last_name}
                onChange={(e) => setForm((f) => ({ ...f, last_name: e.target.value }))} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="email">Email</label>
            <input id="email" type="email" className="input" readOnly aria-describedby="email-hint"
              value={profile.email} />
            <span id="email-hint" className="hint">Email is managed by the system.</span>
          </div>
          <div className="field">
            <label htmlFor="phone_number">Phone number</label>
            <PhoneInput id="phone_number" className="input" autoComplete="tel-national" placeholder="(919) 555-0123"
              aria-describedby="phone-hint" value={form.phone} onChange={(phone) => setForm((f) => ({ ...f, phone }))} />
            <span id="phone-hint" className="hint">
              Optional. Enter a 10-digit US phone number; it is formatted automatically.
            </span>
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving…' : 'Save Profile'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

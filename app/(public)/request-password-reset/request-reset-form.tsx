'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { normalizeEmail, requestResetError, RESET_TOKEN_TTL_MINUTES } from '@/lib/auth/rules';
import { apiFetch, NetworkError } from '../../_components/api';

export function RequestResetForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setSent(null);
    const invalid = requestResetError(email);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const res = await apiFetch<{ success?: boolean; message?: string; error?: string }>(
        '/api/auth/request-password-reset',
        { method: 'POST', body: { email: normalizeEmail(email) } },
      );
      if (res.ok) {
        setSent(res.data.message || 'If an account exists for that address, we have sent a password reset link.');
      } else {
        setError(res.data.error || 'Failed to send reset email');
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Failed to send reset email');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card auth-card stack">
      <h1>Reset your password</h1>
      <p className="center muted small">
        Enter the e-mail address of your account and we will send you a link to choose a new password. The link is
        valid for {RESET_TOKEN_TTL_MINUTES / 60} hour.
      </p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {sent && (
        <div className="alert alert-success" role="status">
          {sent}
        </div>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input
            id="email"
            type="email"
            className="input"
            autoComplete="email"
            required
            aria-invalid={(error !== null && !email.trim()) || undefined}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Sending…' : 'Send Reset Link'}
        </button>
      </form>
      <div className="auth-links">
        <Link href="/login">Back to login</Link>
        <Link href="/register">Create an account</Link>
      </div>
    </div>
  );
}

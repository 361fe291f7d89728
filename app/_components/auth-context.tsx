'use client';

import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { WhoamiUser } from '@/lib/auth/user-dto';
import { apiFetch } from './api';
import { SIGNED_OUT_COOKIE } from '@/lib/auth/session-cookie';
import { clearAllCaches } from './data/local-cache';
import { forgetSavedPages } from './offline/saved-pages';

interface AuthState {
  user: WhoamiUser | null;
  /** Re-reads the session from /api/auth/whoami; resolves to the user or null. */
  refresh(): Promise<WhoamiUser | null>;
  /** Ends the session; the user is cleared even if the call fails. */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * Provides the signed-in user the server resolved for this page (null: signed out). The root layout awaits it
 * (a kept row, ~1 ms) instead of streaming a loading screen, so the page's first screenful is in the HTML's
 * shell, parsed before the framework's scripts, not in a streamed boundary revealed after them.
 */
export function AuthProvider({ session, children }: { session: WhoamiUser | null; children: ReactNode }) {
  const [user, setUser] = useState(session);
  const router = useRouter();

  const refresh = useCallback(async () => {
    try {
      const res = await apiFetch<WhoamiUser>('/api/auth/whoami');
      const next = res.ok ? res.data : null;
      setUser(next);
      return next;
    } catch {
      setUser(null);
      return null;
    }
  }, []);

  const logout = useCallback(async () => {
    // What the report screens kept in this browser goes with the session, whatever the call answers: the
    // report caches and the pages the service worker saved for reading offline.
    clearAllCaches();
    await forgetSavedPages();
    try {
      const res = await apiFetch('/api/auth/logout', { method: 'POST' });
      if (!res.ok) throw new Error(`logout answered ${res.status}`);
    } catch {
      // The user is signed out here either way: the next page request drops the session cookie (proxy.ts).
      document.cookie = `${SIGNED_OUT_COOKIE}=1; path=/; SameSite=Lax`;
    }
    setUser(null);
    router.replace('/login');
    router.refresh();
  }, [router]);

  const value = useMemo(() => ({ user, refresh, logout }), [user, refresh, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

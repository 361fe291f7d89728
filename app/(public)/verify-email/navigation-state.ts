'use client';

// The verify-email screen's navigation state: which address to verify and, optionally, a message to
// show (from register or login). Kept in sessionStorage so it survives a reload but not the tab.
export const VERIFY_EMAIL_STATE_KEY = 'nbt.verify-email';

export interface VerifyEmailState {
  email: string;
  message?: string;
}

/** Call before `router.push('/verify-email')`. */
export function saveVerifyEmailState(state: VerifyEmailState): void {
  try {
    sessionStorage.setItem(VERIFY_EMAIL_STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage disabled (private mode quirks): the verify screen then sends the user to /register.
  }
}

export function readVerifyEmailState(raw: string | null): VerifyEmailState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<VerifyEmailState>;
    if (typeof value.email !== 'string' || !value.email) return null;
    return {
      email: value.email,
      message: typeof value.message === 'string' ? value.message : undefined,
    };
  } catch {
    return null;
  }
}

export function clearVerifyEmailState(): void {
  try {
    sessionStorage.removeItem(VERIFY_EMAIL_STATE_KEY);
  } catch {
    // nothing to clear
  }
}

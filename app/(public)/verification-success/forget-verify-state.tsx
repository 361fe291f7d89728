'use client';

import { useEffect } from 'react';
import { clearVerifyEmailState } from '../verify-email/navigation-state';

/** Verification is done: a later visit to /verify-email starts over at /register. */
export function ForgetVerifyState() {
  useEffect(() => clearVerifyEmailState(), []);
  return null;
}

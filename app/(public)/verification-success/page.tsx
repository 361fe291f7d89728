import type { Metadata } from 'next';
import Link from 'next/link';
import { APPROVAL_TIME_TEXT } from '@/lib/auth/rules';
import { ForgetVerifyState } from './forget-verify-state';

export const metadata: Metadata = { title: 'E-mail verified' };

export default function VerificationSuccessPage() {
  return (
    <div className="card auth-card stack">
      <ForgetVerifyState />
      <h1>E-mail verified!</h1>
      <p className="center">Thanks for confirming your e-mail address. One step is left.</p>
      <div className="alert alert-info" data-testid="awaiting-approval">
        <h2>Your account is awaiting approval</h2>
        <ul>
          <li>An administrator reviews every new account. This typically takes {APPROVAL_TIME_TEXT}.</li>
          <li>We sent you a welcome e-mail.</li>
          <li>You will receive another e-mail as soon as your account is approved.</li>
        </ul>
      </div>
      <Link href="/login" className="btn btn-primary btn-block">
        Go to login
      </Link>
    </div>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { APPROVAL_TIME_TEXT } from '@/lib/auth/rules';
import { ForgetVerifyState } from './forget-verify-state';

export const metadata: Metadata = { title: 'E-mail verified' };

/**
 * After a verification. `?password=choose`: the address had been registered more than once, so no password
 * was kept and a link to choose one was e-mailed (lib/auth/verification.ts); that step comes first.
 */
export default async function VerificationSuccessPage({ searchParams }: { searchParams: Promise<{ password?: string | string[] }> }) {
  const choosePassword = (await searchParams).password === 'choose';
  return (
    <div className="card auth-card stack">
      <ForgetVerifyState />
      <h1>E-mail verified!</h1>
      <p className="center">
        Thanks for confirming your e-mail address. {choosePassword ? 'Two steps are left.' : 'One step is left.'}
      </p>
      {choosePassword && (
        <div className="alert alert-warn" data-testid="choose-password">
          <h2>Choose your password</h2>
          <ul>
            <li>This address was registered more than once before it was verified, so we kept none of the passwords given with it.</li>
            <li>We e-mailed you a link to choose your password. It is valid for 1 hour; after that, use “Forgot password?” on the login page.</li>
          </ul>
        </div>
      )}
      <div className="alert alert-info" data-testid="awaiting-approval">
        <h2>Your account is awaiting approval</h2>
        <ul>
          <li>An administrator reviews every new account. This typically takes {APPROVAL_TIME_TEXT}.</li>
          <li>{choosePassword ? 'The e-mail with your link says so too.' : 'We sent you a welcome e-mail.'}</li>
          <li>You will receive another e-mail as soon as your account is approved.</li>
        </ul>
      </div>
      <Link href="/login" className="btn btn-primary btn-block">
        Go to login
      </Link>
    </div>
  );
}

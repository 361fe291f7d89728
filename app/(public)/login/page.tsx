import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getSessionUser } from '@/lib/auth/session';
import { safeNextPath } from '@/lib/routes';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Log in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  // A signed-in user who opens the login page goes where a fresh login would send them.
  if (await getSessionUser()) redirect(next);
  return <LoginForm next={next} />;
}

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getSessionUser } from '@/lib/auth/session';
import { AppHeader } from '../_components/app-header';
import { SiteFooter } from '../_components/site-footer';

/** Every signed-in screen: the server checks the session (proxy.ts only looked at the cookie). */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  if (!user) {
    const here = (await headers()).get('x-pathname') ?? '/';
    redirect(`/login?next=${encodeURIComponent(here)}`);
  }
  return (
    <>
      <AppHeader />
      <main id="main" className="container page">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

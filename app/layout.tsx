import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getSessionUser } from '@/lib/auth/session';
import { toWhoami } from '@/lib/auth/user-dto';
import { AuthProvider } from './_components/auth-context';
import { ServiceWorker } from './_components/offline/service-worker';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'NC Bourbon Tracker', template: '%s · NC Bourbon Tracker' },
  description: 'Allocated, limited and barrel bourbon arrivals across North Carolina ABC stores.',
  icons: { icon: '/icon.svg', apple: [{ url: '/icons/apple-touch-icon.png', sizes: '180x180' }] },
  // Added to an iPhone's home screen it opens full screen, under this name (app/manifest.ts for the others).
  appleWebApp: { capable: true, title: 'NC Bourbon', statusBarStyle: 'black' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#231c16' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Awaited (a kept session row): no Suspense boundary above the page, so its first data is in the shell
  // (docs/decisions/019-first-screenful-in-the-html.md).
  const user = await getSessionUser();
  const session = user ? toWhoami(user) : null;
  return (
    <html lang="en">
      <body>
        <AuthProvider session={session}>{children}</AuthProvider>
        <ServiceWorker />
      </body>
    </html>
  );
}

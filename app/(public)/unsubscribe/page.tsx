import type { Metadata } from 'next';
import { UnsubscribeCard } from './unsubscribe-card';

export const metadata: Metadata = { title: 'Unsubscribe from arrival alerts' };

/** The link in every alert e-mail: /unsubscribe?token=… works without signing in. */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <UnsubscribeCard token={typeof token === 'string' ? token.trim() : ''} />;
}

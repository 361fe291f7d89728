import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getSessionUser, isStaff } from '@/lib/auth/session';
import { storeNamed } from '@/lib/places/stores';
import { idText } from '@/lib/reports/params';
import { StorePlaceCard } from './store-place-card';

export const metadata: Metadata = { title: 'Store place' };

/** Staff only (issue 39; checked here, on the server, and by the API): where a store is placed, and its pin. */
export default async function StorePlacePage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  const user = await getSessionUser();
  if (!user) redirect(`/login?next=${encodeURIComponent(`/stores/${storeId}/place`)}`);
  if (!isStaff(user.role)) redirect(`/stores/${encodeURIComponent(storeId)}`);
  const id = idText('storeId').safeParse(storeId);
  if (!id.success) redirect('/stores');
  const store = await storeNamed(id.data);
  if (!store) redirect('/stores');
  return (
    <div className="stack narrow">
      <div className="page-header">
        <div>
          <h1>Where {store.nickname} is</h1>
          <p>
            <Link href={`/stores/${id.data}`}>{store.address}</Link>: where the store is placed for distances and the map, and its exact point.
          </p>
        </div>
      </div>
      <StorePlaceCard storeId={id.data} />
    </div>
  );
}

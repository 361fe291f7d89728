import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { getSessionUser, isStaff } from '@/lib/auth/session';
import { healthReport } from '@/lib/ops/health';

export const dynamic = 'force-dynamic';

// Public: up or down and how fresh each source is. Signed-in staff (admin, power_user) also get the error
// texts and run details. The session is looked at only when a cookie came, and a session that cannot be
// read (the database is down) simply means the public view: health must answer whatever else fails.
export const GET = route({ access: 'public' }, async ({ cookies }) => {
  const viewer = await getSessionUser(cookies).catch(() => null);
  const report = await healthReport({ staff: Boolean(viewer && isStaff(viewer.role)) });
  return NextResponse.json(report, { status: report.database.reachable ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});

import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { healthReport } from '@/lib/ops/health';

export const dynamic = 'force-dynamic';

export const GET = route({ access: 'public' }, async () => {
  const report = await healthReport();
  return NextResponse.json(report, { status: report.database.reachable ? 200 : 503 });
});

import { readRoute } from '@/lib/api/handler';
import { forecastRecordRead } from '@/lib/reports/reads';

export const GET = readRoute(forecastRecordRead);

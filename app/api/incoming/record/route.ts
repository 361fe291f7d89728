import { readRoute } from '@/lib/api/handler';
import { forecastRecordRead } from '@/lib/forecast/reads';

export const GET = readRoute(forecastRecordRead);

import { NY_TZ } from '../time.ts';

/** Every 15 minutes from 07:00 to 21:00 New York time (21:00 included). */
export const SCRAPER_SCHEDULES = ['*/15 7-20 * * *', '0 21 * * *'] as const;
export const SCRAPER_TIMEZONE = NY_TZ;

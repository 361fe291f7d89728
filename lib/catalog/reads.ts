import 'server-only';
import { read } from '../api/handler.ts';
import { pluParams } from '../reports/params.ts';
import { comingProducts } from './coming.ts';
import { productJourney } from './journey.ts';
import { comingSchema, productJourneySchema } from './types.ts';

// The journey's reads (issue 40), declared once for their GET route and their screen's first answer, as the
// report and forecast reads are (lib/reports/reads.ts, lib/forecast/reads.ts).

/** GET /api/products/{plu}/journey: the product's steps from the price list to the shelf, oldest first, and its stage. */
export const journeyRead = read({ schema: productJourneySchema, params: pluParams, answer: ({ params }) => productJourney(params.plu) });

/** GET /api/coming: the hunted products announced or received and not shipped since, newest first. */
export const comingRead = read({ schema: comingSchema, answer: () => comingProducts() });

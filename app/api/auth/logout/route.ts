import { route } from '@/lib/api/handler';
import { endSession } from '@/lib/auth/session';

// Public on purpose: logging out with an already-expired session still clears the cookie. No cross-site
// proof either: a session must never outlive a logout because a client left a header out, and a forged
// logout can do no more than sign someone out (docs/decisions/007-cross-site-requests.md).
export const POST = route({ access: 'public', crossSiteProof: false }, async ({ cookies }) => {
  await endSession(cookies);
  return { success: true };
});

import webpush from 'web-push';
import { env, isDeployment } from '../../../env.ts';

// The VAPID key pair signs every push request (the push service checks it against the public key each
// browser subscribed with). Configured in a deployment (preflight refuses to start without it); npm start
// passes the pair it keeps in .data to the app and the scraper in development and the demo. This module reads
// configuration only: a file read here would make Next's build trace the whole project into the image.

/** Outside a deployment, when VAPID_SUBJECT is unset. */
const DEVELOPMENT_SUBJECT = 'mailto:ops@ncbourbontracker.example';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let ephemeral: { publicKey: string; privateKey: string } | undefined;

export function vapidDetails(): VapidDetails {
  const e = env();
  const subject = e.VAPID_SUBJECT ?? DEVELOPMENT_SUBJECT;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  if (isDeployment(e)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in a deployment');
  // Started without npm start (`next dev` by hand): a pair for this process only, so subscriptions made now
  // stop working when it restarts.
  if (!ephemeral) {
    ephemeral = webpush.generateVAPIDKeys();
    console.warn('[push] VAPID keys are not set: using a pair for this process only (npm start keeps one in .data/vapid-keys.json)');
  }
  return { ...ephemeral, subject };
}

/** A VAPID JWT is good for 12 hours (web-push's default); one is reused until an hour before it ends. */
const JWT_SECONDS = 12 * 3600;
const RENEW_BEFORE_SECONDS = 3600;
const signed = new Map<string, { authorization: string; expiresAt: number }>();

/**
 * The Authorization header of a push request to `audience` (a push service's origin): the signed VAPID JWT and
 * our public key (aes128gcm). Signing one per request cost ~0.7 ms of ECDSA each (npm run bench:push: 0.7 s of
 * CPU per 1,000 notifications); the same header serves every request to that service until it is renewed.
 */
export function vapidAuthorization(audience: string, now = Date.now()): string {
  const { publicKey, privateKey, subject } = vapidDetails();
  const key = `${audience} ${publicKey} ${subject}`;
  const cached = signed.get(key);
  if (cached && cached.expiresAt - RENEW_BEFORE_SECONDS * 1000 > now) return cached.authorization;
  const expiresAt = Math.floor(now / 1000) + JWT_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm', expiresAt) as { Authorization: string };
  signed.set(key, { authorization: Authorization, expiresAt: expiresAt * 1000 });
  return Authorization;
}

import webpush from 'web-push';
import { env, isDeployment } from '../env.ts';

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

import 'server-only';
import path from 'node:path';
import { env, isDeployment } from '../env.ts';
import { persistentVapidKeys, stateDir } from '../startup/config.ts';

// The VAPID key pair signs every push request (the push service checks it against the public key each
// browser subscribed with). Configured in a deployment (preflight refuses to start without it); elsewhere the
// pair npm start keeps in the data directory, so `next dev` or a lone scraper run use the same one.

/** Outside a deployment, when VAPID_SUBJECT is unset. */
const DEVELOPMENT_SUBJECT = 'mailto:ops@ncbourbontracker.example';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

let kept: VapidDetails | undefined;

export function vapidDetails(): VapidDetails {
  const e = env();
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? DEVELOPMENT_SUBJECT };
  }
  if (isDeployment(e)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in a deployment');
  kept ??= { ...persistentVapidKeys(path.join(stateDir(e.EMBEDDED_DB_DIR), 'vapid-keys.json')), subject: e.VAPID_SUBJECT ?? DEVELOPMENT_SUBJECT };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject: kept.subject };
}

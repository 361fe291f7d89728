// The browser's side of Web Push for the profile: what this browser supports, its current subscription,
// and subscribing with our VAPID public key. The service worker is registered at /sw.js by the app shell;
// here it is only awaited (navigator.serviceWorker.ready), never registered.

/** What this browser can do: no push at all (on an iPhone, not until installed), or push with this permission. */
export type PushSupport = 'unsupported' | 'unsupported-ios' | NotificationPermission;

/** iPhone and iPad (iPadOS says "Macintosh" but has touch), where push needs the app on the Home Screen. */
function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** A snapshot for useSyncExternalStore: a string, so an unchanged answer is the same value. */
export function pushSupport(): PushSupport {
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!supported) return isIos() ? 'unsupported-ios' : 'unsupported';
  return Notification.permission;
}

/** Calls `onChange` when the user changes the notification permission in the browser's settings. */
export function watchPermission(onChange: () => void): () => void {
  let status: PermissionStatus | undefined;
  let stopped = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      if (stopped) return;
      status = s;
      s.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}

/** The first 16 hex digits of the endpoint's SHA-256, as the API lists devices (endpoint_key). */
export async function endpointKey(endpoint: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 16);
}

/** This browser's current subscription, if its service worker has one (never waits for a worker). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class WorkerMissingError extends Error {}

/** The active service worker's registration, or WorkerMissingError after `ms`. */
async function readyWorker(ms = 10_000): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WorkerMissingError('no service worker')), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes this browser with `publicKey`. A subscription made with another key (the server's pair changed)
 * cannot be reused: it is dropped and made again.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await readyWorker();
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  try {
    return await registration.pushManager.subscribe(options);
  } catch (error) {
    const existing = await registration.pushManager.getSubscription();
    if (!existing) throw error;
    await existing.unsubscribe();
    return registration.pushManager.subscribe(options);
  }
}

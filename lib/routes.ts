// The screens that exist, in one place: proxy.ts redirects everything else (to /login when signed out,
// to / when signed in), and a test checks that every app/**/page.tsx is listed here.

/** Screens for visitors (auth pages). A signed-in user is sent on from /login by the page itself. */
export const PUBLIC_ROUTES = [
  '/login',
  '/register',
  '/verify-email',
  '/verification-success',
  '/request-password-reset',
  '/reset-password',
  '/unsubscribe', // arrival alert e-mails' link: works signed in or not (lib/alerts/channels/email/token.ts)
  '/offline', // the service worker's screen for a page that cannot load offline (app/service-worker.ts)
] as const;

/** Screens for signed-in users. `/` also greets visitors, so it needs no session. */
export const APP_ROUTES = [
  '/',
  '/profile',
  '/admin',
  '/watchlist',
  // reports
  '/incoming',
  '/incoming/record', // how often each board's forecasts were right
  '/coming', // hunted products announced or at the state warehouse, not shipped yet
  '/todays-arrivals',
  '/inventory',
  '/delivery-analysis',
  '/warehouse-inventory',
  '/stores',
  '/statewide-shipments',
] as const;

/** Dynamic screens, as patterns. */
export const APP_ROUTE_PATTERNS: RegExp[] = [
  /^\/stores\/\d+$/, // a store's detail page, /stores/{storeId}
  /^\/stores\/\d+\/place$/, // where a store is placed, and staff's pin of it (staff only)
  /^\/products\/\d+$/, // where a product is now, across the covered boards, /products/{plu}
];

export const REPORT_LINKS = [
  { href: '/incoming', title: 'Incoming', description: 'Shipped to your board: which stores it will likely reach, and when' },
  { href: '/coming', title: 'Coming to NC', description: 'Announced in the price list or at the state warehouse, weeks before any shelf' },
  { href: '/todays-arrivals', title: "Today's Arrivals", description: 'What just landed at which Wake store' },
  { href: '/inventory', title: 'Current Inventory', description: 'Allocated, limited and barrel bottles on shelves now' },
  { href: '/delivery-analysis', title: 'Delivery Analysis', description: 'How a product was spread across stores' },
  { href: '/warehouse-inventory', title: 'Warehouse Inventory', description: 'What is left at the state warehouse' },
  { href: '/stores', title: 'Stores', description: 'Directory, delivery days and each store’s history' },
  { href: '/statewide-shipments', title: 'Statewide Shipments', description: 'Which boards each product shipped to' },
] as const;

export type RouteKind = 'public' | 'app' | 'unknown';

export function classifyPath(pathname: string): RouteKind {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((PUBLIC_ROUTES as readonly string[]).includes(path)) return 'public';
  if ((APP_ROUTES as readonly string[]).includes(path)) return 'app';
  if (APP_ROUTE_PATTERNS.some((re) => re.test(path))) return 'app';
  return 'unknown';
}

/**
 * The first path segment whose percent-encoding is broken (`%E0%A4%A`, `%ZZ`, a lone `%`), or null. Next
 * decodes route parameters before any handler runs and answers such a path with a bare 500; proxy.ts
 * refuses them first, with a JSON 400.
 */
export function malformedSegment(pathname: string): string | null {
  for (const segment of pathname.split('/')) {
    if (!segment.includes('%')) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      return segment;
    }
  }
  return null;
}

/**
 * Where to go after login: the path of one of our screens (with its query and fragment), else '/'. Checked
 * the way a browser reads it: URL parsing drops tabs and line breaks and takes a backslash for a slash, so
 * "/\t/evil.example" is "//evil.example", another site. Control characters and backslashes are refused
 * outright, the parsed URL must stay on our origin, and its path must be a screen we serve (not /login).
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const base = 'http://next.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  const path = url.pathname;
  if (url.origin !== base || path.startsWith('//')) return '/';
  const kind = classifyPath(path);
  if (kind === 'unknown' || path === '/login') return '/';
  return path + url.search + url.hash;
}

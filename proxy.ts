import { NextResponse, type NextRequest } from 'next/server';
import { ErrorCode } from '@/lib/api/error-codes';
import { errorAnswer } from '@/lib/api/errors';
import { SESSION_COOKIE, SIGNED_OUT_COOKIE } from '@/lib/auth/session-cookie';
import { OFFLINE_PATH } from '@/lib/pwa/rules';
import { classifyPath, malformedSegment } from '@/lib/routes';

// Optimistic, cookie-only redirects. The real check happens on the server in every layout and
// route handler (lib/auth/session.ts); a forged cookie gets no further than this.
// API paths come here only when they hold a '%' (see the matcher): Next decodes route parameters before
// any handler runs and answers broken percent-encoding with a bare 500, so such paths are refused here.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith('/api/')) {
    const broken = malformedSegment(pathname);
    if (!broken) return NextResponse.next();
    return NextResponse.json(errorAnswer('Malformed URL: a path segment is not valid percent-encoding', ErrorCode.MALFORMED_URL), {
      status: 400,
    });
  }
  // A logout whose call never reached the server (offline) leaves a marker; the first page request that
  // does reach it drops the session cookie, so the signed-out user stays signed out (spec: "Logout clears
  // the user even if the call fails").
  const signedOut = request.cookies.has(SIGNED_OUT_COOKIE);
  if (signedOut) request.cookies.delete(SESSION_COOKIE);
  // The offline screen is precached by the service worker with the cookies of whoever installed it: rendered
  // signed out, the copy every later user of the device reads holds nobody's name.
  if (pathname === OFFLINE_PATH) request.cookies.delete(SESSION_COOKIE);
  const hasSession = request.cookies.has(SESSION_COOKIE);
  const kind = classifyPath(pathname);
  const respond = (response: NextResponse) => {
    if (signedOut) {
      response.cookies.delete(SESSION_COOKIE);
      response.cookies.delete(SIGNED_OUT_COOKIE);
    }
    return response;
  };

  if (kind === 'unknown') {
    return respond(NextResponse.redirect(new URL(hasSession ? '/' : '/login', request.url)));
  }
  if (kind === 'app' && pathname !== '/' && !hasSession) {
    const login = new URL('/login', request.url);
    login.searchParams.set('next', pathname + search);
    return respond(NextResponse.redirect(login));
  }
  // Layouts cannot see the URL; pass it on so a server-side redirect to /login can come back here.
  const headers = new Headers(request.headers);
  headers.set('x-pathname', pathname + search);
  return respond(NextResponse.next({ request: { headers } }));
}

export const config = {
  matcher: [
    // Static files, the service worker and the web app manifest skip it (they are neither screens nor API).
    '/((?!api/|_next/|maps/|favicon.ico|icon.svg|robots.txt|placeholder-bottle.svg|sw.js$|manifest.webmanifest$|.*\\.(?:png|jpg|jpeg|svg|webp|ico|txt)$).*)',
    // API paths with percent-encoding only: every other API request skips the proxy.
    '/(api/.*%.*)',
  ],
};

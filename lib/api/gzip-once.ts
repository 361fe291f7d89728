import 'server-only';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

// Large JSON answers gzipped once, not on every request (docs/decisions/014-answers-kept-until-the-data-changes.md).
// Next compresses every response itself, per request, and drops a Content-Encoding set by a route handler
// (next/dist/server/send-response.js: content-encoding is among the headers it never copies). So a route
// that has the gzip already sends it with BODY_ENCODING_HEADER instead, and the app's own server
// (scripts/app-server.mjs) turns that header into Content-Encoding before Next's compression looks at the
// response, which then leaves an encoded body alone. The server also says, in ACCEPTS_GZIP_HEADER, whether
// the client accepts gzip (whatever a client sent under that name is dropped); without it (route tests,
// any other caller) answers go out as plain JSON, and Next compresses them as before.

/** Request header, set by the app's server only: the client accepts gzip, and a gzip body will be labelled. */
export const ACCEPTS_GZIP_HEADER = 'x-nbt-accepts-gzip';
/** Response header a route sets on a body it gzipped; the app's server sends it as Content-Encoding. */
export const BODY_ENCODING_HEADER = 'x-nbt-content-encoding';
/** Smaller answers go out as they are: Next's own compression threshold. */
export const GZIP_MIN_LENGTH = 1024;

const MAX_ENTRIES = 256;
/** Text held by the memory below (mostly the kept answers' own strings, shared with their caches). */
const MAX_TEXT_LENGTH = 64 * 1024 * 1024;

const gzipAsync = promisify(gzip);

/**
 * The gzip of each JSON text, keyed by the text itself. A kept answer is the same string at every request,
 * found at once; an answer read again with the same content is compared and finds the same gzip; a different
 * text never finds another's body. Level 9: done once per answer, so the smallest body for a phone.
 */
const gzipped = new Map<string, Promise<Buffer>>();
let textLength = 0;

function gzipOf(text: string): Promise<Buffer> {
  const known = gzipped.get(text);
  if (known) {
    gzipped.delete(text); // most recently used last
    gzipped.set(text, known);
    return known;
  }
  const body = gzipAsync(text, { level: constants.Z_BEST_COMPRESSION });
  body.catch(() => forget(text));
  gzipped.set(text, body);
  textLength += text.length;
  while (gzipped.size > MAX_ENTRIES || textLength > MAX_TEXT_LENGTH) forget(gzipped.keys().next().value!);
  return body;
}

function forget(text: string) {
  if (gzipped.delete(text)) textLength -= text.length;
}

/**
 * The HTTP answer for JSON text: gzipped once (above) when the app's server says the client accepts it and
 * the text is large enough to gain from it; as it is otherwise.
 */
export async function jsonTextResponse(requestHeaders: Headers, text: string, headers: Record<string, string> = {}): Promise<Response> {
  const base = { 'Content-Type': 'application/json', ...headers };
  if (text.length < GZIP_MIN_LENGTH || requestHeaders.get(ACCEPTS_GZIP_HEADER) !== 'gzip') return new Response(text, { headers: base });
  const body = await gzipOf(text);
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: { ...base, [BODY_ENCODING_HEADER]: 'gzip', Vary: 'Accept-Encoding' },
  });
}

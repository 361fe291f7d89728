import 'server-only';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '../api/error-codes.ts';
import { ApiError } from '../api/errors.ts';
import { env } from '../env.ts';

// Product images from IMAGES_DIR (GET /api/images/{path}). The path comes from the URL, so it is checked
// before it touches the file system: no empty, "." or ".." segment (also once more URL-decoded, against
// double encoding), no slash, backslash or NUL inside a segment, no drive letter; the resolved file must
// lie inside IMAGES_DIR, also after following symlinks. Only image types are served.

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/** Images change rarely and need a session: browsers may keep them a day, shared caches not at all. */
const CACHE_CONTROL = 'private, max-age=86400';

const refuse = (why: string) => new ApiError('bad_request', `Invalid image path: ${why}`);
const missing = () => new ApiError('not_found', 'Image not found', { code: ErrorCode.IMAGE_NOT_FOUND });

function checkSegment(segment: string): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw refuse('malformed percent-encoding');
  }
  for (const s of [segment, decoded]) {
    if (s === '' || s === '.' || s === '..') throw refuse('empty, "." or ".." segments are not allowed');
    if (/[/\\\u0000]/.test(s)) throw refuse('slashes, backslashes and NUL are not allowed inside a segment');
    if (/^[a-zA-Z]:/.test(s)) throw refuse('absolute paths are not allowed');
  }
}

/** The file a URL path names inside `root`; throws 400 for anything that could leave it. */
export function resolveImagePath(segments: string[], root = env().IMAGES_DIR): string {
  if (segments.length === 0) throw refuse('no file named');
  segments.forEach(checkSegment);
  const base = path.resolve(root);
  const file = path.resolve(base, ...segments);
  if (!file.startsWith(base + path.sep)) throw refuse('the path leaves the images directory');
  return file;
}

export interface ImageFile {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export async function readImage(segments: string[], root = env().IMAGES_DIR): Promise<ImageFile> {
  const file = resolveImagePath(segments, root);
  const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()];
  if (!contentType) throw missing();
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([fs.realpath(file), fs.realpath(root)]);
  } catch {
    throw missing();
  }
  if (!real.startsWith(realRoot + path.sep)) throw refuse('the path leaves the images directory');
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw missing();
  const body = await fs.readFile(real);
  // A hash of the bytes sent: a file replaced within the same millisecond at the same size gets a new tag too.
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, lastModified: stat.mtime };
}

/** The HTTP answer for an image: 200 with the file, or 304 when If-None-Match names it. */
export async function imageResponse(segments: string[], ifNoneMatch: string | null): Promise<Response> {
  const image = await readImage(segments);
  const headers: Record<string, string> = {
    'Cache-Control': CACHE_CONTROL,
    ETag: image.etag,
    'Last-Modified': image.lastModified.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  // An SVG is a document that may carry scripts: served sandboxed, it can only be displayed.
  if (image.contentType === 'image/svg+xml') headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === image.etag || t.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(image.body), {
    status: 200,
    headers: { ...headers, 'Content-Type': image.contentType, 'Content-Length': String(image.body.length) },
  });
}

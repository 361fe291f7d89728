'use client';

import { callApi } from './call';
import type { Loaded } from './use-resource';

/**
 * GET a read for useResource. Its answer type is the read's (lib/<domain>/types.ts, derived from the schema the
 * read declares). A refusal gives the server's error text, else `fallback`; an unreachable server gives `fallback`.
 */
export async function getJson<T>(path: string, fallback: string, signal?: AbortSignal): Promise<Loaded<T>> {
  const res = await callApi<T>(path, { failed: fallback }, { signal });
  return res.ok ? { ok: true, data: res.data } : { ok: false, error: res.error };
}

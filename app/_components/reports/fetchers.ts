'use client';

import { apiFetch } from '../api';
import type { Loaded } from './use-resource';

/**
 * GET a report endpoint and pick the answer apart. Non-OK or success:false answers give the server's
 * error text, else `fallback`; a network failure gives `fallback`.
 */
export async function getJson<T>(
  path: string,
  fallback: string,
  signal?: AbortSignal,
): Promise<Loaded<T>> {
  try {
    const res = await apiFetch<T>(path, { signal });
    const answer = res.data as { success?: boolean; error?: string } | null;
    if (!res.ok || answer?.success === false) return { ok: false, error: answer?.error || fallback };
    return { ok: true, data: res.data };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { ok: false, error: fallback };
  }
}

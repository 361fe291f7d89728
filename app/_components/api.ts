'use client';

// The shared client helper: JSON content type and the X-Requested-With header (either one proves to
// the API that a state-changing call is not a cross-site forgery: docs/decisions/007), and the session cookie.
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T;
}

export interface ApiOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export class NetworkError extends Error {}

/**
 * The `error` text of an answer that is not the read's (a 4xx or 5xx: `{ success: false, error }`), if it has one. A
 * failed answer is read through this rather than through the read's answer type, which it is not.
 */
export function errorText(data: unknown): string | undefined {
  const error = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error ? error : undefined;
}

export async function apiFetch<T = Record<string, unknown>>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError('Network error');
  }
  const text = await response.text();
  let data: unknown = {};
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = {};
    }
  }
  return { ok: response.ok, status: response.status, data: data as T };
}

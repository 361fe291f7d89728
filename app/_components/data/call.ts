'use client';

import { apiFetch, errorText, NetworkError, type ApiOptions, type ApiResult } from '../api';

// The one way the screens call the API, for reads and writes alike: every failure (a refusal, an error page,
// an unreachable server) comes back as a value with the words to show, so a screen reads them in one place.

/** The API's answer contract: a refusal has a 4xx/5xx status or `success: false`, and says why in `error`. */
export interface Answer {
  success?: boolean;
  error?: string;
}

/** A call's outcome: the answer when the API did what was asked, otherwise the text to show and why. */
export type Sent<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; data: Partial<T>; network: boolean; error: string };

export interface CallTexts {
  /** When the API refuses without saying why. */
  failed: string;
  /** When the server cannot be reached; `failed` if not given. */
  network?: string;
}

/** Reads an answer under the contract; a refusal's text is the API's `error`, else `failed`. */
export function readAnswer<T>(res: ApiResult<T>, texts: CallTexts): Sent<T> {
  const answer = res.data as Answer | null;
  if (res.ok && answer?.success !== false) return { ok: true, status: res.status, data: res.data };
  return { ok: false, status: res.status, data: (res.data ?? {}) as Partial<T>, network: false, error: errorText(res.data) ?? texts.failed };
}

/**
 * Calls the API (JSON, the cross-site header, the session cookie: app/_components/api.ts) and reads the answer.
 * Never throws for a refusal or an unreachable server; an abort (the screen moved on) is thrown on.
 */
export async function callApi<T>(path: string, texts: CallTexts, options?: ApiOptions): Promise<Sent<T>> {
  try {
    return readAnswer(await apiFetch<T>(path, options), texts);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    return { ok: false, status: 0, data: {}, network: true, error: texts.network ?? texts.failed };
  }
}

'use client';

import type { Sent } from './call';

/** A call the API refused, or that never reached it. */
export type Refused = Extract<Sent<unknown>, { ok: false }>;

/**
 * What a refused call's answer says beyond `error` (a code, an address, the tries left), typed by the call's
 * refusal schema (lib/<domain>/types.ts, which the contract tests check). Every field may be missing: an error
 * page or an unreachable server sends none.
 */
export function refusalOf<R>(sent: Refused): Partial<R> {
  return (sent.data ?? {}) as Partial<R>;
}

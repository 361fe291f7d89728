'use client';

import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Loaded<T> = { ok: true; data: T } | { ok: false; error: string };

export type ResourceState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; data: T };

/**
 * Loads whatever `key` names (null: nothing yet) with `load`, which resolves to data or an error text
 * and never throws on purpose. A new key shows the loading state, or the last result when `keepPrevious`
 * accepts the key it was loaded for (a search being refined should not blank the list on every pause);
 * `reload()` keeps the current result on screen. Either way `refreshing` is true until the new answer
 * arrives. Answers for an old key are dropped.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<Loaded<T>>,
  fallbackError = 'Something went wrong. Please try again.',
  { keepPrevious }: { keepPrevious?: (previousKey: string) => boolean } = {},
) {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<{ key: string; generation: number; result: Loaded<T> } | null>(null);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    run(controller.signal)
      .catch((): Loaded<T> => ({ ok: false, error: fallbackError }))
      .then((result) => {
        if (!controller.signal.aborted) setSettled({ key, generation, result });
      });
    return () => controller.abort();
  }, [key, generation, fallbackError]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const kept = settled !== null && settled.key !== key && settled.result.ok && (keepPrevious?.(settled.key) ?? false);
  let state: ResourceState<T>;
  if (key === null) state = { status: 'idle' };
  else if (!settled || (settled.key !== key && !kept)) state = { status: 'loading' };
  else if (settled.result.ok) state = { status: 'ready', data: settled.result.data };
  else state = { status: 'error', error: settled.result.error };

  const refreshing = key !== null && settled !== null && (settled.key === key ? settled.generation !== generation : kept);
  return { state, reload, refreshing };
}

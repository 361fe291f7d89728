'use client';

import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type Loaded<T> = { ok: true; data: T } | { ok: false; error: string };

export type ResourceState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; data: T };

/** The answer the server page already rendered (docs/decisions/019-first-screenful-in-the-html.md), and the key it answers. */
export interface Initial<T> {
  key: string;
  data: T;
}

export interface ResourceOptions<T> {
  /** Keep showing the answer for `previousKey` while the new key loads. */
  keepPrevious?: (previousKey: string) => boolean;
  /** Shown at once, without a load, while the key is still this one (read once, when the screen mounts). */
  initial?: Initial<T> | null;
}

/**
 * Every screen's one way to get data. Loads whatever `key` names (null: nothing yet) with `load`, which
 * resolves to data or an error text and never throws on purpose. A new key shows the loading state, or the
 * last result when `keepPrevious` accepts the key it was loaded for (a search being refined should not blank
 * the list on every pause); `reload()` keeps the current result on screen. Either way `refreshing` is true
 * until the new answer arrives. Answers for an old key are dropped. `initial` is the server's first answer:
 * no loading state and no request for it; filters, navigation, Refresh and Try Again load as usual.
 * `update` changes the data on screen after a write the server confirmed (or optimistically).
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<Loaded<T>>,
  fallbackError = 'Something went wrong. Please try again.',
  { keepPrevious, initial }: ResourceOptions<T> = {},
) {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<{ key: string; generation: number; result: Loaded<T> } | null>(() =>
    initial ? { key: initial.key, generation: 0, result: { ok: true, data: initial.data } } : null,
  );
  const run = useEffectEvent((signal: AbortSignal) => load(signal));
  // The server's answer (or one already loaded) for exactly this key and generation needs no request.
  const isSettled = useEffectEvent((k: string, g: number) => settled !== null && settled.key === k && settled.generation === g);

  useEffect(() => {
    if (key === null || isSettled(key, generation)) return;
    const controller = new AbortController();
    run(controller.signal)
      .catch((): Loaded<T> => ({ ok: false, error: fallbackError }))
      .then((result) => {
        if (!controller.signal.aborted) setSettled({ key, generation, result });
      });
    return () => controller.abort();
  }, [key, generation, fallbackError]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setSettled((s) => (s && s.result.ok ? { ...s, result: { ok: true, data: change(s.result.data) } } : s)),
    [],
  );

  const kept = settled !== null && settled.key !== key && settled.result.ok && (keepPrevious?.(settled.key) ?? false);
  let state: ResourceState<T>;
  if (key === null) state = { status: 'idle' };
  else if (!settled || (settled.key !== key && !kept)) state = { status: 'loading' };
  else if (settled.result.ok) state = { status: 'ready', data: settled.result.data };
  else state = { status: 'error', error: settled.result.error };

  const refreshing = key !== null && settled !== null && (settled.key === key ? settled.generation !== generation : kept);
  return { state, reload, refreshing, update };
}

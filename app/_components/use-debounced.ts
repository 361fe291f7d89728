'use client';

import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms` (a search box asks the server after a pause in typing),
 * and a function that takes the current value at once (Enter in the box).
 */
export function useDebounced<T>(value: T, ms: number): [settled: T, settleNow: () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  const settleNow = useCallback(() => setSettled(value), [value]);
  return [settled, settleNow];
}

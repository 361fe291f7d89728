'use client';

import { useRef, useState } from 'react';
import { callApi, type Answer, type CallTexts, type Sent } from '../data/call';
import type { ApiOptions } from '../api';
import { failure, type Message } from './banner';

export type { Answer, Sent };

export interface SubmitTexts extends CallTexts {
  /** When the API refuses without saying why, or the form's own code throws. */
  failed: string;
}

/** How a submission ends: a message to show, 'leaving' (the page navigates away: stay busy), or nothing. */
export type Outcome = Message | 'leaving' | void;

const FORM = 'form';

/**
 * One way to run a form's calls: `run(work)` clears the message, is busy until the work ends, shows the
 * message the work returns, and shows `failed` if it throws. `send` calls the API and never throws for
 * a refusal or an unreachable server, so the work reads every failure in one place.
 *
 * A list gives each call a key (a row's id): calls with different keys run side by side, and `isBusy(key)`
 * tells which. `report` sends the messages to a banner the hook does not own (one banner for two calls,
 * or a parent's result region).
 */
export function useSubmit<Key = typeof FORM>(texts: SubmitTexts & { report?: (message: Message | null) => void }) {
  const [ownMessage, setOwnMessage] = useState<Message | null>(null);
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<Key>>(() => new Set());
  // The live set: a second click before the next render, or a callback that outlives a render, sees it.
  const running = useRef(new Set<Key>());
  const show = texts.report ?? setOwnMessage;

  const mark = (key: Key, busy: boolean) => {
    if (busy) running.current.add(key);
    else running.current.delete(key);
    setBusyKeys(new Set(running.current));
  };

  function send<T extends Answer>(path: string, options?: ApiOptions): Promise<Sent<T>> {
    return callApi<T>(path, texts, options);
  }

  async function run(work: () => Promise<Outcome>, key: Key = FORM as Key): Promise<void> {
    if (running.current.has(key)) return;
    mark(key, true);
    show(null);
    let outcome: Outcome = undefined;
    try {
      outcome = await work();
      if (outcome && outcome !== 'leaving') show(outcome);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') show(failure(texts.failed));
    } finally {
      if (outcome !== 'leaving') mark(key, false);
    }
  }

  return {
    /** Some call is running. */
    busy: busyKeys.size > 0,
    /** The call with this key is running (read live, so callbacks may ask too). */
    isBusy: (key: Key = FORM as Key) => running.current.has(key),
    message: ownMessage,
    /** Shows a message without a call (a rule the form checks itself), or clears it with null. */
    show,
    run,
    send,
  };
}

'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { price } from '@/lib/reports-client/format';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/reports-client/options';
import type { ProductSearch as Matches, SearchProduct } from '@/lib/reports/types';
import { getJson } from '../../_components/data/get-json';
import { useResource } from '../../_components/data/use-resource';
import { useDebounced } from '../../_components/use-debounced';

export interface ChosenProduct {
  name: string;
  plu: string;
}

const FAILED = 'Search failed. Please try again.';

/** A combobox: typing 2+ characters asks the server for suggestions after a 300 ms pause. */
export function ProductSearch({ chosen, onChoose }: { chosen: ChosenProduct | null; onChoose: (p: ChosenProduct | null) => void }) {
  const id = useId();
  const [text, setText] = useState(chosen?.name ?? '');
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const term = text.trim();
  const searching = typing && term.length >= SEARCH_MIN_CHARS;
  // The server is asked once the text has stopped changing; suggestions for an older text are not shown.
  const [settled] = useDebounced(term, SEARCH_DEBOUNCE_MS);
  const asked = searching && settled === term ? term : null;
  const { state, reload } = useResource<Matches>(
    asked,
    (signal) => getJson<Matches>(`/api/inventory/search/${encodeURIComponent(asked!)}`, FAILED, signal),
    FAILED,
  );
  const current = state.status === 'ready' || state.status === 'error' ? state : null;
  const options = current?.status === 'ready' ? current.data.products : [];
  const open = searching;

  function choose(p: SearchProduct) {
    setText(p.name);
    setTyping(false);
    onChoose({ name: p.name, plu: p.plu });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape') {
      setTyping(false);
    }
  }

  const listId = `${id}-list`;
  return (
    <div className="field combobox">
      <label htmlFor={`${id}-input`}>Product</label>
      <div className="combobox-anchor">
      <input
        id={`${id}-input`}
        className="input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder="Type a name or PLU"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTyping(true);
          setActive(-1);
          reload(); // the next pause asks afresh, also for a text asked before (a failed search is tried again)
          if (chosen) onChoose(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setTyping(false), 150)}
      />
      <ul id={listId} role="listbox" aria-label="Matching products" className="suggestions" hidden={!open}>
        {open && !current && <li className="suggestion-note">Searching…</li>}
        {current?.status === 'error' && <li className="suggestion-note">{current.error}</li>}
        {current?.status === 'ready' && options.length === 0 && <li className="suggestion-note">No products found</li>}
        {options.map((p, i) => (
          <li key={p.plu} id={`${id}-opt-${i}`} role="option" aria-selected={i === active} className="suggestion"
            onMouseDown={(e) => e.preventDefault()} onClick={() => choose(p)}>
            <span>{p.name}</span>
            <span className="muted small">PLU {p.plu} · {price(p.retail_price)}</span>
          </li>
        ))}
      </ul>
      </div>
      <span id={`${id}-hint`} className="hint">
        {chosen ? `Selected: ${chosen.name} (PLU ${chosen.plu})` : `Type at least ${SEARCH_MIN_CHARS} characters, then pick a product.`}
      </span>
    </div>
  );
}

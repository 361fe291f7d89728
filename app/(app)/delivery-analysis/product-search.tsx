'use client';

import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { price } from '@/lib/reports-client/format';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/reports-client/options';
import type { SearchProduct } from '@/lib/reports/types';
import { getJson } from '../../_components/reports/fetchers';

export interface ChosenProduct {
  name: string;
  plu: string;
}

type Results = { term: string; ok: true; products: SearchProduct[] } | { term: string; ok: false; error: string };

/** A combobox: typing 2+ characters asks the server for suggestions after a 300 ms pause. */
export function ProductSearch({ chosen, onChoose }: { chosen: ChosenProduct | null; onChoose: (p: ChosenProduct | null) => void }) {
  const id = useId();
  const [text, setText] = useState(chosen?.name ?? '');
  const [typing, setTyping] = useState(false);
  const [results, setResults] = useState<Results | null>(null);
  const [active, setActive] = useState(-1);
  const term = text.trim();
  const searching = typing && term.length >= SEARCH_MIN_CHARS;

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getJson<{ products: SearchProduct[] }>(`/api/inventory/search/${encodeURIComponent(term)}`, 'Search failed. Please try again.', controller.signal)
        .then((res) => {
          if (controller.signal.aborted) return;
          setResults(res.ok ? { term, ok: true, products: res.data.products ?? [] } : { term, ok: false, error: res.error });
          setActive(-1);
        })
        .catch(() => {}); // aborted: a newer search replaced it
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [searching, term]);

  const current = results && results.term === term ? results : null;
  const options = current?.ok ? current.products : [];
  const open = searching;

  function choose(p: SearchProduct) {
    setText(p.name);
    setTyping(false);
    setResults(null);
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
          if (chosen) onChoose(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setTyping(false), 150)}
      />
      <ul id={listId} role="listbox" aria-label="Matching products" className="suggestions" hidden={!open}>
        {open && !current && <li className="suggestion-note">Searching…</li>}
        {current && !current.ok && <li className="suggestion-note">{current.error}</li>}
        {current?.ok && options.length === 0 && <li className="suggestion-note">No products found</li>}
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

'use client';

import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { editPhoneAt } from '@/lib/auth/rules';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

/** A phone field formatted as "(919) 555-0123" while typing; the caret stays beside the edited digit. */
export function PhoneInput({ value, onChange, ...props }: Props) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }); // after every render: a rejected character re-renders with the same value and still moves the caret

  return (
    <input
      {...props}
      ref={ref}
      type="tel"
      inputMode="tel"
      value={value}
      onChange={(e) => {
        const raw = e.target.value;
        const next = editPhoneAt(value, raw, e.target.selectionStart ?? raw.length);
        caret.current = next.caret;
        onChange(next.value);
      }}
    />
  );
}

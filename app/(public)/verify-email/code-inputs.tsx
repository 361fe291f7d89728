'use client';

import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { codeFromPaste, singleDigit, VERIFICATION_CODE_LENGTH } from '@/lib/auth/rules';

/**
 * Six single-digit boxes. Typing a digit moves on, Backspace steps back, the arrow keys move, and a
 * paste (or a one-time-code autofill) takes the first 6 digits.
 */
export function CodeInputs({
  digits,
  onChange,
  disabled,
  invalid,
  inputRef,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Receives the first box, so the form can focus it after clearing. */
  inputRef?: (el: HTMLInputElement | null) => void;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(VERIFICATION_CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `text`'s digits into the boxes from `start` on (the whole code when it has all 6). */
  function fill(start: number, text: string) {
    const incoming = codeFromPaste(text);
    if (!incoming) return;
    const from = incoming.length === VERIFICATION_CODE_LENGTH ? 0 : start;
    const next = [...digits];
    for (let i = 0; i < incoming.length && from + i < VERIFICATION_CODE_LENGTH; i++) next[from + i] = incoming[i];
    onChange(next);
    focus(from + incoming.length);
  }

  function onInput(index: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (typed.length > 1 && value.length > 2) {
      fill(index, value); // autofill or a paste that bypassed onPaste
      return;
    }
    const digit = singleDigit(value);
    const next = [...digits];
    next[index] = digit;
    onChange(next);
    if (digit) focus(index + 1);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < VERIFICATION_CODE_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  }

  return (
    <div className="code-inputs" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
            if (index === 0) inputRef?.(el);
          }}
          className="input code-input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${VERIFICATION_CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={digit}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}

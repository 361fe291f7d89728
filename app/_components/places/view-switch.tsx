'use client';

// The switch between a screen's listings (its board's, or the hunter's nearest first; issue 39). Its own module,
// importing nothing, so a screen carries no more than these buttons.

/** One listing the switch offers: its key and the words on its button. */
export interface ViewOption<V extends string> {
  value: V;
  label: string;
}

/** A group of pressed-or-not buttons, one per option, the current one pressed. `label` names the group. */
export function ViewSwitch<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly ViewOption<V>[];
  value: V;
  onChange: (view: V) => void;
}) {
  return (
    <div className="seg" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A screen's two listings: its board's (the default), or every board's nearest to the hunter first. */
export type BoardOrNear = 'board' | 'near';

/** The board-or-nearest switch's options, as Incoming and Stores word them. */
export const BOARD_OR_NEAR: readonly ViewOption<BoardOrNear>[] = [
  { value: 'board', label: 'This board' },
  { value: 'near', label: 'Nearest to me' },
];

import type { ReactNode } from 'react';

/** What the control must carry so the label, hint and error belong to it. Spread it onto the control. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A label, its control, a hint and an error, bound together: the label names the control, the hint and
 * the error describe it, and an error (or `invalid`) marks it invalid. The control is the caller's (an
 * input, a select, the phone input), rendered by `children` with the props it needs.
 */
export function Field({
  id,
  label,
  hideLabel = false,
  labelAside,
  hint,
  error,
  invalid = false,
  describedBy,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** For screen readers only, where the placeholder and the button say it (a search box). */
  hideLabel?: boolean;
  /** Beside the label, e.g. the Show passwords button. */
  labelAside?: ReactNode;
  hint?: ReactNode;
  /** What is wrong with this field, shown under it. */
  error?: ReactNode;
  /** Marks the control invalid while its message shows elsewhere (the form's banner). */
  invalid?: boolean;
  /** Ids of descriptions the caller renders itself, e.g. the password checklist. */
  describedBy?: string;
  /** Extra classes for the wrapper, e.g. its place in a grid. */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: FieldControl = {
    id,
    'aria-invalid': invalid || Boolean(error) || undefined,
    'aria-describedby': [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  const labelElement = (
    <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
      {label}
    </label>
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {labelAside ? (
        <div className="label-row">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children(control)}
      {hint && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

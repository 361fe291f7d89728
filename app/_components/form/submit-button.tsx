import type { ReactNode } from 'react';

/** A form's primary button: disabled and showing `busyText` while the submission runs. */
export function SubmitButton({
  busy,
  busyText,
  disabled = false,
  className,
  children,
}: {
  busy: boolean;
  busyText: string;
  /** Also disabled when the form cannot be sent yet (rules unmet, no attempts left). */
  disabled?: boolean;
  /** Extra classes, e.g. btn-block on the sign-in cards. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className ? `btn btn-primary ${className}` : 'btn btn-primary'} disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  );
}

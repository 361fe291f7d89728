import type { ReactNode } from 'react';

/** A form's message: an error is announced at once (role="alert"), anything else politely (role="status"). */
export interface Message {
  kind: 'error' | 'success' | 'info';
  text: ReactNode;
}

export const failure = (text: ReactNode): Message => ({ kind: 'error', text });
export const success = (text: ReactNode): Message => ({ kind: 'success', text });
export const info = (text: ReactNode): Message => ({ kind: 'info', text });

/** A button beside the message: Try Again, Dismiss. */
export interface BannerAction {
  label: string;
  onClick: () => void;
  /** The accessible name when the label is a symbol (✕). */
  ariaLabel?: string;
}

/**
 * Shows `message`, or nothing. With an action the text and its button share one row. `testId` marks the
 * message's text, so a test reads the message without the button's label.
 */
export function Banner({
  message,
  action,
  testId,
  className,
}: {
  message: Message | null | undefined;
  action?: BannerAction;
  testId?: string;
  className?: string;
}) {
  if (!message) return null;
  const classes = ['alert', `alert-${message.kind}`, action && 'row spread', className].filter(Boolean).join(' ');
  const role = message.kind === 'error' ? 'alert' : 'status';
  if (!action) {
    return (
      <div className={classes} role={role} data-testid={testId}>
        {message.text}
      </div>
    );
  }
  return (
    <div className={classes} role={role}>
      <span data-testid={testId}>{message.text}</span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={action.onClick} aria-label={action.ariaLabel}>
        {action.label}
      </button>
    </div>
  );
}

'use client';

/** An on/off switch (a button with role="switch"); `label` is its accessible name. */
export function Switch({
  checked,
  label,
  onChange,
  busy = false,
  onText = 'On',
  offText = 'Off',
}: {
  checked: boolean;
  label: string;
  onChange: (next: boolean) => void;
  busy?: boolean;
  onText?: string;
  offText?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={busy || undefined}
      disabled={busy}
      className="wl-switch"
      onClick={() => onChange(!checked)}
    >
      <span className="wl-switch-track" aria-hidden="true">
        <span className="wl-switch-thumb" />
      </span>
      <span className="wl-switch-text" aria-hidden="true">
        {checked ? onText : offText}
      </span>
    </button>
  );
}

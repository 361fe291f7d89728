import type { ReactNode } from 'react';

/**
 * A section that opens and closes: a native <details>, so it works before any script has loaded and
 * screen readers announce it as expandable.
 */
export function Collapsible({
  title,
  count,
  defaultOpen = false,
  children,
  testId,
}: {
  title: string;
  count?: number;
  defaultOpen?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className="card collapsible" open={defaultOpen} data-testid={testId}>
      <summary>
        <h2>
          {title}
          {count !== undefined && <span className="count-pill">{count}</span>}
        </h2>
      </summary>
      <div className="collapsible-body">{children}</div>
    </details>
  );
}

import type { ReactNode } from 'react';
import { Brand } from './brand';

/** The visitors' layout: brand bar and a centred column. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="auth-shell">
      <header className="site-header">
        <div className="container">
          <Brand />
        </div>
      </header>
      <main id="main" className="auth-main">
        {children}
      </main>
    </div>
  );
}

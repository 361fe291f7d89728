import Link from 'next/link';
import { getSessionUser } from '@/lib/auth/session';
import { REPORT_LINKS } from '@/lib/routes';
import { forYou, type ForYou } from '@/lib/watchlist/for-you';
import { ForYouSection } from './_components/home/for-you';
import { AppHeader } from './_components/app-header';
import { PublicShell } from './_components/public-shell';
import { SiteFooter } from './_components/site-footer';

function ComingSoon() {
  return (
    <section aria-labelledby="soon-heading" className="stack">
      <h2 id="soon-heading" className="sr-only">Coming soon</h2>
      <div className="coming-soon">
        <button type="button" className="btn btn-secondary" disabled aria-describedby="soon-regional">
          Regional Analysis <span className="badge badge-soon" id="soon-regional">Coming soon</span>
        </button>
        <button type="button" className="btn btn-secondary" disabled aria-describedby="soon-alerts">
          Watchlist &amp; Alerts <span className="badge badge-soon" id="soon-alerts">Coming soon</span>
        </button>
      </div>
    </section>
  );
}

export default async function HomePage() {
  const user = await getSessionUser();

  if (!user) {
    return (
      <PublicShell>
        <div className="container stack" style={{ maxWidth: 760 }}>
          <section className="hero">
            <h1>Welcome to NC Bourbon Tracker</h1>
            <p className="lead">
              Know what just arrived at which Wake County ABC store, what every store holds, and how much is left at the
              state warehouse — before the shelves are empty.
            </p>
          </section>
          <section className="card stack" aria-labelledby="get-started">
            <h2 id="get-started">Get started</h2>
            <p className="muted">
              Create an account, verify your e-mail, and an administrator approves it (typically within 24-48 hours).
            </p>
            <div className="row">
              <Link href="/register" className="btn btn-primary">Create Account</Link>
              <Link href="/login" className="btn btn-secondary">Sign In</Link>
            </div>
          </section>
          <ComingSoon />
        </div>
      </PublicShell>
    );
  }

  // "Anything for me today?" is an extra: if it cannot be read, the home page is the report cards, as before.
  const mine: ForYou | null = await forYou(user.id).catch((error: unknown) => {
    console.error('[home] for you failed:', error);
    return null;
  });

  return (
    <>
      <AppHeader />
      <main id="main" className="container page stack">
        <section className="hero">
          <h1>Welcome to NC Bourbon Tracker</h1>
          <p className="lead">Hi {user.firstName}, here is what you can check today.</p>
        </section>
        {mine && <ForYouSection forYou={mine} />}
        <section aria-labelledby="reports-heading" className="stack">
          <h2 id="reports-heading">Reports</h2>
          <div className="card-grid">
            {REPORT_LINKS.map((r) => (
              <Link key={r.href} href={r.href} className="card link-card">
                <h3>{r.title}</h3>
                <p>{r.description}</p>
              </Link>
            ))}
          </div>
        </section>
        <ComingSoon />
      </main>
      <SiteFooter />
    </>
  );
}

'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { isStaffRole } from '@/lib/auth/user-dto';
import { useAuth } from './auth-context';
import { Brand } from './brand';

/** The signed-in header: Home, Admin (admin and power_user), Watchlist, Profile, the welcome line and Logout. */
export function AppHeader() {
  const { user, logout } = useAuth();
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const links = [
    { href: '/', label: 'Home' },
    ...(isStaffRole(user?.role) ? [{ href: '/admin', label: 'Admin' }] : []),
    { href: '/watchlist', label: 'Watchlist' },
    { href: '/profile', label: 'Profile' },
  ];
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">Skip to content</a>
      <div className="container">
        <Brand />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen((v) => !v)}
        >
          Menu
        </button>
        <nav id="main-nav" className="nav" aria-label="Main" data-open={open} onClick={() => setOpen(false)}>
          {links.map((l) => (
            <Link key={l.href} href={l.href} aria-current={pathname === l.href ? 'page' : undefined}>
              {l.label}
            </Link>
          ))}
          {user && <span className="welcome">Welcome, {user.first_name}</span>}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
            Logout
          </button>
        </nav>
      </div>
    </header>
  );
}

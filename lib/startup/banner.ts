// The box `npm start` prints once the first page has been served.

/** Draws `lines` in a box. Empty strings become blank rows. */
export function box(lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const horizontal = '─'.repeat(width + 2);
  return [
    `┌${horizontal}┐`,
    ...lines.map((l) => `│ ${l.padEnd(width)} │`),
    `└${horizontal}┘`,
  ].join('\n');
}

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

/** The lines of the ready box. Demo logins are only passed in demo mode. */
export function readyLines(options: {
  url: string;
  database: string;
  demoLogins?: DemoLogin[];
  readySeconds: number;
  dev: boolean;
}): string[] {
  const lines = [
    `NC Bourbon Tracker is ready (${options.dev ? 'development' : 'production'} server, ${options.readySeconds.toFixed(1)} s)`,
    '',
    `  Open  ${options.url}`,
    `  Data  ${options.database}`,
  ];
  if (options.demoLogins) {
    lines.push('', 'Demo mode. Sign in with one of these demo accounts:');
    if (options.demoLogins.length === 0) lines.push('  (none: the demo data has no demo accounts)');
    const roleWidth = Math.max(0, ...options.demoLogins.map((d) => d.role.length));
    const emailWidth = Math.max(0, ...options.demoLogins.map((d) => d.email.length));
    for (const d of options.demoLogins) {
      lines.push(`  ${d.role.padEnd(roleWidth)}  ${d.email.padEnd(emailWidth)}  ${d.password}`);
    }
  }
  lines.push('', 'Press Ctrl-C to stop.');
  return lines;
}

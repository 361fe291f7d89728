import { env } from '../env.ts';
import type { MailMessage } from './index.ts';

// Every e-mail the product sends, as text and HTML. Links are built from APP_URL, never from a
// request's Host header.

const PRODUCT = 'NC Bourbon Tracker';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 14px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:22px 0"><a href="${escape(action.url)}" style="background:#8a4b12;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escape(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="margin:0;background:#faf7f2;font-family:system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif;color:#231c16">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-weight:700;color:#8a4b12;margin-bottom:16px">${PRODUCT}</div>
<div style="background:#fff;border:1px solid #e3d9cc;border-radius:10px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${body}${button}
</div>
<p style="color:#6b5e52;font-size:12px;margin-top:16px">You received this e-mail because of an account at ${PRODUCT}.</p>
</div></body></html>`;
}

const url = (p: string) => new URL(p, env().APP_URL).toString();

/**
 * The code for an address nobody has proved yet: whoever registered may have typed in someone else's, so
 * this mail carries nothing the registrant wrote (no names), only our own words and the code.
 */
export function verificationEmail(to: string, code: string): MailMessage {
  return {
    to,
    kind: 'verification',
    subject: `Your ${PRODUCT} verification code: ${code}`,
    text: `Hello,\n\nYour verification code is ${code}\n\nEnter it on the verification page. It expires in 30 minutes.\nIf you did not create an account, ignore this e-mail.\n`,
    html: layout('Verify your e-mail', [
      'Hello,',
      `Your verification code is <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      'Enter it on the verification page. It expires in 30 minutes.',
      'If you did not create an account, ignore this e-mail.',
    ]),
  };
}

export function welcomePendingEmail(to: string, firstName: string): MailMessage {
  return {
    to,
    kind: 'welcome',
    subject: `Welcome to ${PRODUCT} — your account awaits approval`,
    text: `Hi ${firstName},\n\nThanks for verifying your e-mail. An administrator will review your account; approval typically takes 24-48 hours. We will e-mail you as soon as it is approved.\n`,
    html: layout('Welcome aboard', [
      `Hi ${escape(firstName)},`,
      'Thanks for verifying your e-mail. An administrator will review your account; approval typically takes 24-48 hours.',
      'We will e-mail you as soon as it is approved.',
    ]),
  };
}

export function adminNewUserEmail(to: string, user: { firstName: string; lastName: string; email: string }): MailMessage {
  const name = `${user.firstName} ${user.lastName}`;
  return {
    to,
    kind: 'admin_new_user',
    subject: `New account awaiting approval: ${name}`,
    text: `${name} <${user.email}> verified their e-mail and is waiting for approval.\n\nReview it at ${url('/admin')}\n`,
    html: layout('A new account awaits approval', [
      `${escape(name)} &lt;${escape(user.email)}&gt; verified their e-mail and is waiting for approval.`,
    ], { label: 'Review on the admin page', url: url('/admin') }),
  };
}

/** To every admin, once per stall of the scraper (lib/ops/scraper-stall.ts): what it says, and where to look. */
export function scraperStalledEmail(to: string, words: string): MailMessage {
  const what = words.charAt(0).toUpperCase() + words.slice(1);
  const look =
    'Arrivals, shipments, forecasts and alerts wait until a cycle finishes again. The scraper ends a cycle that overruns ' +
    'its deadline and starts the next on schedule; under docker compose its healthcheck fails and the container is restarted. ' +
    "See the scraper's log and the Data sources card on the admin page (docs/operations.md: When the scraper stalls).";
  return {
    to,
    kind: 'scraper_stalled',
    subject: `${PRODUCT}: the scraper has stalled`,
    text: `${what}.

${look}

${url('/admin')}
`,
    html: layout('The scraper has stalled', [escape(`${what}.`), escape(look)], { label: 'Open the admin page', url: url('/admin') }),
  };
}

export function approvedEmail(to: string, firstName: string): MailMessage {
  return {
    to,
    kind: 'approved',
    subject: `Your ${PRODUCT} account is approved`,
    text: `Hi ${firstName},\n\nGood news: your account has been approved. Log in at ${url('/login')}\n`,
    html: layout('Your account is approved', [`Hi ${escape(firstName)},`, 'Good news: your account has been approved.'], {
      label: 'Log in',
      url: url('/login'),
    }),
  };
}

/**
 * After verifying an address that was registered more than once: no registration's password was kept (a
 * stranger may have typed the address in), so the now-proved owner chooses one. No registrant text in it.
 */
export function choosePasswordEmail(to: string, token: string): MailMessage {
  const link = url(`/reset-password?token=${encodeURIComponent(token)}`);
  const why = 'Your e-mail address is verified. It was registered more than once before it was verified, so we kept none of the passwords given with it.';
  const then = 'Then an administrator reviews your account; approval typically takes 24-48 hours. If the link has expired, use "Forgot password?" on the login page.';
  return {
    to,
    kind: 'choose_password',
    subject: `Choose your ${PRODUCT} password`,
    text: `Hello,\n\n${why}\n\nChoose your password with this link (valid for 1 hour, usable once):\n${link}\n\n${then}\n`,
    html: layout('Choose your password', ['Hello,', escape(why), escape(then)], { label: 'Choose your password', url: link }),
  };
}

export function passwordResetEmail(to: string, firstName: string, token: string): MailMessage {
  const link = url(`/reset-password?token=${encodeURIComponent(token)}`);
  return {
    to,
    kind: 'password_reset',
    subject: `Reset your ${PRODUCT} password`,
    text: `Hi ${firstName},\n\nReset your password with this link (valid for 1 hour, usable once):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.\n`,
    html: layout('Reset your password', [
      `Hi ${escape(firstName)},`,
      'Use the button below to choose a new password. The link is valid for 1 hour and can be used once.',
      'If you did not ask for this, ignore this e-mail; your password stays the same.',
    ], { label: 'Reset password', url: link }),
  };
}

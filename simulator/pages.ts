// Error pages the simulator serves for the error-page faults (server.ts): what a scraper meets when a
// public page fails without saying so in its status code. sources.md §1: "An error page (<title>Server
// Error …</title>, "Page Not Found", a maintenance or firewall page) is a failed request, never 'no
// products'". Wake's pages are WordPress (the theme's chrome and product search form stay around an error,
// which is what makes them easy to mistake for an empty search); the NC ABC Commission's are ASP.NET, and
// so are ABC/GO's; Durham's keep its own site chrome; Greensboro's storefront answers plain pages.
import { hash32 } from './random.ts';
import { durhamPage } from './render-boards.ts';
import { escapeHtml, wakePage } from './render.ts';

export const ERROR_PAGE_KINDS = ['error-200', 'not-found-200', 'maintenance', 'maintenance-200', 'firewall', 'firewall-200'] as const;
export type ErrorPageKind = (typeof ERROR_PAGE_KINDS)[number];

export type SiteName = 'wake' | 'ncabc' | 'durham' | 'greensboro' | 'abcgo';

export interface ErrorPage {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The site a data path belongs to. */
export function siteOf(path: string): SiteName {
  if (path === '/search-results' || path.startsWith('/wp-')) return 'wake';
  if (path === '/search' || path === '/products' || path.startsWith('/products/')) return 'durham';
  if (path === '/api/items' || path.startsWith('/scs/')) return 'greensboro';
  if (path.startsWith('/abcgo/')) return 'abcgo';
  return 'ncabc';
}

const HOSTS: Record<SiteName, string> = { wake: 'wakeabc.com', ncabc: 'abc2.nc.gov', durham: 'durhamabc.com', greensboro: 'shop.greensboroabc.com', abcgo: 'nh.abcgo.app' };
const BRANDS: Record<Exclude<SiteName, 'wake'>, string> = { ncabc: 'NC ABC Commission', durham: 'Durham County ABC', greensboro: 'Greensboro ABC', abcgo: 'ABC/GO' };
/** Sites whose server errors are ASP.NET's yellow page. */
const ASP_NET: ReadonlySet<SiteName> = new Set(['ncabc', 'abcgo']);

function plainPage(title: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8" /><title>${title}</title></head>
<body>
    ${main}
</body>
</html>
`;
}

/** A non-Wake site's page around `main`, in its chrome. */
function sitePage(site: Exclude<SiteName, 'wake'>, title: string, main: string): string {
  if (site === 'ncabc') return ncabcPage(title, main);
  if (site === 'durham') return durhamPage(title, main);
  return plainPage(title, main);
}

function ncabcPage(title: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title}</title>
    <link href="/Content/bootstrap.css" rel="stylesheet" />
</head>
<body>
    <div class="navbar navbar-inverse navbar-fixed-top"><div class="container"><a class="navbar-brand" href="/">NC ABC Commission</a></div></div>
    <div class="container body-content">
        ${main}
        <hr />
        <footer><p>&copy; North Carolina Alcoholic Beverage Control Commission</p></footer>
    </div>
</body>
</html>
`;
}

/** A Cloudflare-style Ray ID, fixed per request number. */
function rayId(n: number): string {
  return `${hash32('ray', n).toString(16).padStart(8, '0')}${hash32('ray2', n).toString(16).padStart(8, '0')}`;
}

/**
 * The body, status and extra headers of an error page:
 * - error-200: "Server Error" with HTTP 200 (Wake: the theme around "Server Error"; NC ABC: ASP.NET's
 *   "Server Error in '/' Application.");
 * - not-found-200: "Page Not Found" with HTTP 200;
 * - maintenance: a maintenance page with HTTP 503 and Retry-After (WordPress's "Briefly unavailable for
 *   scheduled maintenance" on Wake); maintenance-200: the same page with HTTP 200;
 * - firewall: Cloudflare's block page "Attention Required! | Cloudflare" with HTTP 403;
 *   firewall-200: Cloudflare's challenge "Just a moment..." with HTTP 200 (as a proxy that rewrites
 *   statuses would pass it on).
 * `query` is the Wake search text (kept in the search form, as WordPress does); `n` varies the Ray ID.
 */
export function errorPage(kind: ErrorPageKind, site: SiteName, query = '', n = 0): ErrorPage {
  const host = HOSTS[site];
  switch (kind) {
    case 'error-200':
      return {
        status: 200,
        headers: {},
        body:
          site === 'wake'
            ? wakePage(
                'Server Error &#8211; Wake ABC',
                query,
                `<section class="error-page"><h1 class="page-title">Server Error</h1>
    <p>Something went wrong on our end and your search could not be completed. Please try again in a few minutes.</p></section>`,
                'error500',
              )
            : ASP_NET.has(site)
              ? sitePage(
                  site,
                  "Server Error in '/' Application.",
                  `<h1>Server Error in '/' Application.</h1>
        <h2><i>Runtime Error</i></h2>
        <p><b>Description:</b> An application error occurred on the server. The current custom error settings for this application prevent the details of the application error from being viewed remotely (for security reasons).</p>`,
                )
              : sitePage(site, `Server Error - ${BRANDS[site]}`, `<h1>Server Error</h1>
        <p>Something went wrong on our end. Please try again in a few minutes.</p>`),
      };
    case 'not-found-200':
      return {
        status: 200,
        headers: {},
        body:
          site === 'wake'
            ? wakePage(
                'Page Not Found &#8211; Wake ABC',
                query,
                `<section class="error-404 not-found"><h1 class="page-title">Page Not Found</h1>
    <p>Oops! That page can&rsquo;t be found. It looks like nothing was found at this location. Maybe try a search?</p></section>`,
                'error404',
              )
            : sitePage(
                site,
                `Page Not Found - ${BRANDS[site]}`,
                `<h2>Page Not Found</h2>
        <p>The page you requested could not be found. It may have been moved or is no longer available.</p>`,
              ),
      };
    case 'maintenance':
    case 'maintenance-200': {
      const body =
        site === 'wake'
          ? `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en-US">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
<meta name="viewport" content="width=device-width">
<title>Maintenance</title>
</head>
<body id="error-page">
<div class="wp-die-message"><h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1></div>
</body>
</html>
`
          : sitePage(
              site,
              `Site Maintenance - ${BRANDS[site]}`,
              `<h1>Site Maintenance</h1>
        <p>We&rsquo;ll be back soon! This site is undergoing scheduled maintenance. Please check back later.</p>`,
            );
      return { status: kind === 'maintenance' ? 503 : 200, headers: kind === 'maintenance' ? { 'Retry-After': '600' } : {}, body };
    }
    case 'firewall':
      return {
        status: 403,
        headers: { Server: 'cloudflare', 'CF-RAY': `${rayId(n)}-IAD` },
        body: `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>Attention Required! | Cloudflare</title>
<meta charset="UTF-8" />
<meta name="robots" content="noindex, nofollow" />
</head>
<body>
  <div id="cf-wrapper">
    <div id="cf-error-details" class="cf-error-details-wrapper">
      <div class="cf-wrapper cf-header cf-error-overview">
        <h1 data-translate="block_headline">Sorry, you have been blocked</h1>
        <h2 class="cf-subheadline"><span data-translate="unable_to_access">You are unable to access</span> ${escapeHtml(host)}</h2>
      </div>
      <div class="cf-section cf-wrapper">
        <h2 data-translate="blocked_why_headline">Why have I been blocked?</h2>
        <p data-translate="blocked_why_detail">This website is using a security service to protect itself from online attacks.</p>
      </div>
      <div class="cf-error-footer cf-wrapper">
        <p><span class="cf-footer-item">Cloudflare Ray ID: <strong class="font-semibold">${rayId(n)}</strong></span>
        <span class="cf-footer-item">Performance &amp; security by Cloudflare</span></p>
      </div>
    </div>
  </div>
</body>
</html>
`,
      };
    case 'firewall-200':
      return {
        status: 200,
        headers: { Server: 'cloudflare', 'CF-RAY': `${rayId(n)}-IAD`, 'cf-mitigated': 'challenge' },
        body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta http-equiv="X-UA-Compatible" content="IE=Edge"><meta name="robots" content="noindex,nofollow"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">${escapeHtml(host)}</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript><div id="challenge-body-text" class="core-msg spacer">${escapeHtml(host)} needs to review the security of your connection before proceeding.</div></div></div><div class="footer" role="contentinfo"><div class="footer-inner"><div class="clearfix diagnostic-wrapper"><div class="ray-id">Ray ID: <code>${rayId(n)}</code></div></div><div class="text-center" id="footer-text">Performance &amp; security by Cloudflare</div></div></div></body></html>
`,
      };
  }
}

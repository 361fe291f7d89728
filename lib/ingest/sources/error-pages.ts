// Recognise pages that are not an answer at all: a server error, "page not found", a maintenance page, a
// firewall or bot challenge (Cloudflare's "Attention Required!" / "Just a moment..." / "Access denied"), or
// an empty page. Sites serve these with HTTP 200 too, so the status proves nothing; such a page is a failed
// request, never "no products" or "no stock".
//
// Only the title, the top headings, a few phrases these pages print and a few element ids are read. Raw
// markup is not searched: Cloudflare injects its challenge-platform script into ordinary pages too.
import { quote } from './errors.ts';
import { classList, findAll, findFirst, pageTitle, textOf, type HtmlDocument } from './html.ts';

export type ErrorPageKind = 'empty' | 'firewall' | 'maintenance' | 'not found' | 'server error';

interface Rule {
  kind: Exclude<ErrorPageKind, 'empty'>;
  /**
   * Matched against each segment of the <title> and of the <h1> headings ("Attention Required! | Cloudflare"
   * → "Attention Required!", "Cloudflare"). Anchored: a whole segment, or the start of a long fixed phrase, so
   * a product called "Forbidden Small Batch Bourbon" or a title repeating the search term never matches.
   */
  segment: RegExp;
  /** Matched anywhere in the visible text of the page: phrases only these pages print. */
  phrase?: RegExp;
}

const END = String.raw`[\s.!…]*$`;
const rule = (kind: Rule['kind'], segment: string, phrase?: RegExp): Rule => ({ kind, segment: new RegExp(segment, 'i'), phrase });

// Order matters: a Cloudflare "Access denied" page says "Error 1020" too; call it a firewall page.
const RULES: Rule[] = [
  rule(
    'firewall',
    String.raw`^(?:error\s*\d+\s*)?(?:403\s*)?(?:forbidden|access denied|attention required|just a moment|one more step|security check|captcha|cloudflare|request (?:rejected|blocked)|(?:sorry, )?you have been blocked|pardon our interruption|(?:please )?verify(?:ing)? you are (?:a )?human|are you (?:a )?(?:human|robot)\??|checking (?:your browser|if the site connection is secure)|ddos protection by .+)${END}` +
      String.raw`|^(?:checking your browser before accessing|sorry, you have been blocked|verifying you are human)`,
    /checking your browser before accessing|enable javascript and cookies to continue|sorry, you have been blocked|verify(?:ing)? you are (?:a )?human|performing security verification|the requested url was rejected|request unsuccessful\. incapsula|ray id: ?[0-9a-f]{8,}/i,
  ),
  rule(
    'maintenance',
    String.raw`^(?:(?:site|website)\s+)?(?:(?:under|down for|scheduled)\s+)?maintenance(?:\s+mode)?${END}|^(?:site\s+)?under construction${END}|^coming soon${END}|^(?:temporarily unavailable|be right back)${END}|^we(?:'|’|\s+wi)ll be (?:right )?back(?: soon)?${END}` +
      String.raw`|^briefly unavailable for scheduled maintenance`,
    /briefly unavailable for scheduled maintenance/i,
  ),
  rule(
    'not found',
    String.raw`^(?:error\s*)?404(?:\s+(?:error|not found|page not found|page))?${END}|^(?:page\s+|file\s+)?not found${END}|^page not found\b|^oops!? that page can(?:'|’|no)?t be found|^(?:the\s+)?(?:page|resource|file)(?: you (?:requested|are looking for))? (?:could not|cannot|can(?:'|’)?t) be found|^(?:this page is\s+)?no longer available${END}`,
  ),
  rule(
    'server error',
    String.raw`^(?:error\s*)?5\d\d(?:\s+(?:error|(?:internal\s+)?server error|bad gateway|service (?:temporarily )?unavailable|gateway time-?out|[a-z ]*timed out))?${END}|^(?:internal\s+)?server error\b|^runtime error${END}|^service (?:temporarily )?unavailable${END}|^bad gateway${END}|^gateway time-?out${END}|^connection timed out${END}|^(?:an\s+)?(?:unexpected\s+)?error(?: has)?(?: occurred)?${END}|^something went wrong`,
    /server error in '[^']*' application|an unhandled exception occurred|error establishing a database connection|there has been a critical error on this website/i,
  ),
];

/** "Attention Required! | Cloudflare" → ["Attention Required!", "Cloudflare"]; "x.com | 522: Connection timed out" → [..., "522", "Connection timed out"]. */
function segments(text: string): string[] {
  return text
    .split(/\s+[|–—•·-]\s+|:\s+/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Element ids and classes that only these pages carry. */
const MARKER_IDS = new Set(['cf-error-details', 'cf-wrapper', 'challenge-form', 'challenge-running', 'cf-challenge-running', 'cf-browser-verification', 'challenge-stage']);

export interface ErrorPage {
  kind: ErrorPageKind;
  /** "a firewall or challenge page (title 'Just a moment...')", ready for an error message. */
  description: string;
}

const WHAT: Record<ErrorPageKind, string> = {
  empty: 'an empty page',
  firewall: 'a firewall or challenge page',
  maintenance: 'a maintenance page',
  'not found': "a 'page not found' page",
  'server error': 'a server error page',
};

/** What kind of non-answer this page is, or null when it looks like an ordinary page. */
export function recogniseErrorPage(doc: HtmlDocument): ErrorPage | null {
  const title = pageTitle(doc);
  const h1s = findAll(doc, (el) => el.name === 'h1').map((h) => textOf(h)).filter(Boolean);
  const bodyText = textOf(doc); // the <head> (title) is not part of it
  const seen = (extra?: string) =>
    [title ? `title ${quote(title)}` : '', h1s[0] && h1s[0] !== title ? `heading ${quote(h1s[0])}` : '', extra ?? ''].filter(Boolean).join(', ');
  const describe = (kind: ErrorPageKind, extra?: string): ErrorPage => {
    const what = seen(extra);
    return { kind, description: what ? `${WHAT[kind]} (${what})` : WHAT[kind] };
  };

  const headingSegments = [title, ...h1s].flatMap((t) => [t, ...segments(t)]);
  for (const { kind, segment, phrase } of RULES) {
    if (headingSegments.some((t) => segment.test(t))) return describe(kind);
    const said = phrase?.exec(bodyText);
    if (said) return describe(kind, `text ${quote(said[0])}`);
  }

  const marker = findFirst(doc, (el) => MARKER_IDS.has(el.attribs.id ?? '') || classList(el).some((c) => MARKER_IDS.has(c)));
  if (marker) return describe('firewall', `element ${marker.attribs.id ? `#${marker.attribs.id}` : `.${classList(marker).find((c) => MARKER_IDS.has(c))}`}`);

  const hasContent = bodyText.length > 0 || findFirst(doc, (el) => ['table', 'form', 'input', 'img', 'ul', 'ol'].includes(el.name)) !== undefined;
  if (!hasContent) return describe('empty');
  return null;
}

// Thin helpers over htmlparser2's DOM for the public pages. htmlparser2 is a real, tolerant HTML parser:
// void elements, implied end tags (<li>, <td>, <tr>, <p>, ...), end tags that close what was left open,
// raw-text <script>/<style>, character references. These helpers only add what the parsers need on top:
// predicates, and the visible text of a node the way a reader sees it (textOf).
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { parseError } from './errors.ts';

export type HtmlDocument = ReturnType<typeof parseDocument>;
export type HtmlElement = NonNullable<ReturnType<typeof DomUtils.findOne>>;
/** Any DOM node: element, text, comment, document... */
export type HtmlNode = Parameters<typeof DomUtils.getChildren>[0];
/** Something with children to search: the document or an element. */
export type HtmlParent = HtmlDocument | HtmlElement;

/** Parse a page. Never throws; malformed markup degrades the way htmlparser2 recovers (close to a browser). */
export function parseHtml(html: string): HtmlDocument {
  return parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
}

export function isElement(node: HtmlNode | null | undefined): node is HtmlElement {
  return !!node && ElementType.isTag(node);
}

/** Every element under `root` (document order, `root` excluded) that satisfies `test`. */
export function findAll(root: HtmlParent, test: (el: HtmlElement) => boolean): HtmlElement[] {
  return DomUtils.findAll(test, root.children);
}

/** The first element under `root` (document order) that satisfies `test`. */
export function findFirst(root: HtmlParent, test: (el: HtmlElement) => boolean): HtmlElement | undefined {
  return DomUtils.findOne(test, root.children, true) ?? undefined;
}

/** Class tokens, however the attribute is spaced ("table  table-bordered"). */
export function classList(el: HtmlElement): string[] {
  return (el.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

export function hasClass(el: HtmlElement, name: string): boolean {
  return classList(el).includes(name);
}

/** Predicate: `tag` (or any tag when '*') carrying every given class. */
export function is(tag: string, ...classes: string[]): (el: HtmlElement) => boolean {
  return (el) => (tag === '*' || el.name === tag) && classes.every((c) => hasClass(el, c));
}

/** Direct element children (optionally of one tag). */
export function childElements(el: HtmlParent, tag?: string): HtmlElement[] {
  return el.children.filter((c): c is HtmlElement => isElement(c) && (!tag || c.name === tag));
}

/** The element's ancestors, nearest first (elements only, the document excluded). */
export function ancestors(node: HtmlNode): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (let p = node.parent; isElement(p); p = p.parent) found.push(p);
  return found;
}

/** Whether `inner` is `outer` or lies inside it. */
export function contains(outer: HtmlNode, inner: HtmlNode): boolean {
  for (let n: HtmlNode | null = inner; n; n = n.parent) if (n === outer) return true;
  return false;
}

/** Elements whose content is never read as page text. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'head']);

const SEPARATED = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav',
  'ol', 'option', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
  'title', 'body', 'html',
]);

export interface TextOptions {
  /** What a <br> becomes (default a space). The Wake page breaks addresses with <br>, which reads best as ", ". */
  br?: string;
  /** Nodes (and their content) left out of the text. */
  exclude?: ReadonlySet<HtmlNode>;
}

/**
 * Visible text with whitespace collapsed (non-breaking spaces included). Like a browser's innerText, block
 * boundaries separate words (<div>a</div><div>b</div> is "a b"); scripts, styles, templates and comments are
 * not text. `head` content (the title) only counts when asked for directly.
 */
export function textOf(node: HtmlNode, options: TextOptions = {}): string {
  const br = options.br ?? ' ';
  const parts: string[] = [];
  const walk = (n: HtmlNode, top: boolean) => {
    if (options.exclude?.has(n)) return;
    if (n.type === ElementType.Text) {
      parts.push(n.data);
      return;
    }
    if (n.type === ElementType.Root) {
      n.children.forEach((c) => walk(c, false));
      return;
    }
    if (!isElement(n)) return; // comments, directives, CDATA
    if (n.name === 'br') parts.push(br);
    else if (HIDDEN.has(n.name) && !top) return;
    else if (SEPARATED.has(n.name)) {
      parts.push(' ');
      n.children.forEach((c) => walk(c, false));
      parts.push(' ');
    } else n.children.forEach((c) => walk(c, false));
  };
  walk(node, true);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** The page's <title> text ('' when there is none). */
export function pageTitle(doc: HtmlParent): string {
  const title = findFirst(doc, is('title'));
  return title ? textOf(title) : '';
}

/** Decode character references in plain text (not markup), with the HTML parser's own decoder. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  // <textarea> content is read as text with references decoded (RCDATA); only its own end tag could end it.
  const doc = parseDocument(`<textarea>${text.replace(/<\/(textarea)/gi, '&lt;/$1')}</textarea>`, { decodeEntities: true });
  return DomUtils.textContent(doc);
}

/** The end of a whole page: </html>, then perhaps whitespace and comments (page caches sign their work after it). */
const PAGE_END = /<\/html\s*>(?:\s|<!--[\s\S]*?-->)*$/i;

/**
 * The page as received, or a failure when it stops before </html>. A page cut short (a dropped
 * connection behind a proxy that still sent a matching length) parses into a shorter store list, which
 * would read as stores with 0 bottles: false sell-outs. So a page counts only when it is whole.
 */
export function wholePage(source: string, html: string): string {
  if (!PAGE_END.test(html.slice(-4000))) throw parseError(source, 'the page ends before </html>: it was cut short, so it is no answer');
  return html;
}

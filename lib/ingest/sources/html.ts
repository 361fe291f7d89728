// A deliberately small, tolerant HTML reader for the fixed-format public pages (no dependency). It builds
// a tree the way browsers do for the cases these pages use: void elements, end tags that close whatever
// is open inside them, and the implied end tags of <li>, <td>/<th>, <tr>, <p> and <option>. Comments,
// scripts and styles are dropped first so their contents can never look like markup.

export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'div', 'dl', 'fieldset', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul']);

const SEPARATED = new Set([...BLOCK, 'li', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'caption', 'dd', 'dt']);

// Opening one of these closes an open element of the listed kinds, unless a boundary element sits between.
const IMPLIED: Record<string, { closes: string[]; boundary: string[] }> = {
  li: { closes: ['li'], boundary: ['ul', 'ol'] },
  td: { closes: ['td', 'th'], boundary: ['tr', 'table'] },
  th: { closes: ['td', 'th'], boundary: ['tr', 'table'] },
  tr: { closes: ['tr', 'td', 'th'], boundary: ['table', 'thead', 'tbody', 'tfoot'] },
  thead: { closes: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'], boundary: ['table'] },
  tbody: { closes: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'], boundary: ['table'] },
  tfoot: { closes: ['thead', 'tbody', 'tfoot', 'tr', 'td', 'th'], boundary: ['table'] },
  option: { closes: ['option'], boundary: ['select', 'datalist'] },
};

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** Parse a page into a root element (tag '#root'). Never throws; malformed markup degrades like a browser's. */
export function parseHtml(html: string): HtmlElement {
  const source = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<(script|style|template|textarea)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
    .replace(/<![^>]*>|<\?[^>]*>/g, '');
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const current = () => stack[stack.length - 1];
  const popTo = (index: number) => {
    stack.length = index;
  };

  let last = 0;
  for (const match of source.matchAll(TAG)) {
    if (match.index > last) current().children.push(decodeEntities(source.slice(last, match.index)));
    last = match.index + match[0].length;
    const [, slash, rawName, rawAttrs, selfClosing] = match;
    const tag = rawName.toLowerCase();

    if (slash) {
      // An end tag closes the nearest open element of that name and everything opened inside it.
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i].tag === tag) {
          popTo(i);
          break;
        }
      }
      continue;
    }

    const implied = IMPLIED[tag];
    if (implied) closeImplied(stack, implied.closes, implied.boundary);
    else if (BLOCK.has(tag) && current().tag === 'p') stack.pop();

    const element: HtmlElement = { tag, attrs: parseAttributes(rawAttrs), children: [] };
    current().children.push(element);
    if (!VOID.has(tag) && !selfClosing) stack.push(element);
  }
  if (last < source.length) current().children.push(decodeEntities(source.slice(last)));
  return root;
}

function closeImplied(stack: HtmlElement[], closes: string[], boundary: string[]) {
  for (let i = stack.length - 1; i > 0; i--) {
    const tag = stack[i].tag;
    if (boundary.includes(tag)) return;
    if (closes.includes(tag)) {
      stack.length = i;
      // e.g. <tr> closes an open <td> and then the open <tr> around it.
      closeImplied(stack, closes, boundary);
      return;
    }
  }
}

function parseAttributes(raw: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** Every element under `node` (document order) that satisfies `test`. */
export function findAll(node: HtmlElement, test: (el: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  const walk = (el: HtmlElement) => {
    for (const child of el.children) {
      if (typeof child === 'string') continue;
      if (test(child)) found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

export function findFirst(node: HtmlElement, test: (el: HtmlElement) => boolean): HtmlElement | undefined {
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    if (test(child)) return child;
    const deeper = findFirst(child, test);
    if (deeper) return deeper;
  }
  return undefined;
}

export function hasClass(el: HtmlElement, name: string): boolean {
  const classes = el.attrs.class;
  return classes !== undefined && classes.split(/\s+/).includes(name);
}

/** Predicate: `tag` (or any tag when '*') carrying every given class. */
export function is(tag: string, ...classes: string[]): (el: HtmlElement) => boolean {
  return (el) => (tag === '*' || el.tag === tag) && classes.every((c) => hasClass(el, c));
}

/** Direct element children (optionally of one tag). */
export function childElements(el: HtmlElement, tag?: string): HtmlElement[] {
  return el.children.filter((c): c is HtmlElement => typeof c !== 'string' && (!tag || c.tag === tag));
}

/**
 * Visible text with whitespace collapsed. `br` is what a <br> becomes (default a space); the Wake page
 * breaks addresses with <br>, which reads best as ", ".
 */
export function textOf(node: HtmlNode, options: { br?: string } = {}): string {
  const br = options.br ?? ' ';
  const parts: string[] = [];
  const walk = (n: HtmlNode) => {
    if (typeof n === 'string') parts.push(n);
    else if (n.tag === 'br') parts.push(br);
    else if (SEPARATED.has(n.tag)) {
      // Like a browser's innerText, block boundaries separate words: <div>a</div><div>b</div> is "a b".
      parts.push(' ');
      n.children.forEach(walk);
      parts.push(' ');
    } else n.children.forEach(walk);
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', sbquo: '\u201a', bdquo: '\u201e',
  ndash: '\u2013', mdash: '\u2014', hellip: '\u2026', bull: '\u2022', middot: '\u00b7', deg: '\u00b0',
  copy: '\u00a9', reg: '\u00ae', trade: '\u2122', frac12: '\u00bd', frac14: '\u00bc', frac34: '\u00be',
  aacute: 'á', eacute: 'é', iacute: 'í', oacute: 'ó', uacute: 'ú', Aacute: 'Á', Eacute: 'É', Iacute: 'Í',
  Oacute: 'Ó', Uacute: 'Ú', agrave: 'à', egrave: 'è', ograve: 'ò', acirc: 'â', ecirc: 'ê', ocirc: 'ô',
  auml: 'ä', euml: 'ë', iuml: 'ï', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', ntilde: 'ñ',
  Ntilde: 'Ñ', ccedil: 'ç', Ccedil: 'Ç', szlig: 'ß', aring: 'å', oslash: 'ø', aelig: 'æ',
};

/** Decode character references: the common named ones and every numeric one. Unknown names stay as-is. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});?/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED[ref] ?? whole;
  });
}

import { describe, expect, it } from 'vitest';
import { ancestors, childElements, classList, contains, decodeEntities, findAll, findFirst, hasClass, is, pageTitle, parseHtml, textOf, wholePage } from './html.ts';

describe('parseHtml', () => {
  it('nests elements and keeps attributes (quoted, unquoted, valueless)', () => {
    const root = parseHtml(`<div class="a b" id=x data-flag><span title='t &amp; u'>hi</span></div>`);
    const div = findFirst(root, is('div', 'a', 'b'))!;
    expect(div.attribs).toEqual({ class: 'a b', id: 'x', 'data-flag': '' });
    expect(childElements(div)[0].attribs.title).toBe('t & u');
  });

  it('closes nested divs correctly', () => {
    const root = parseHtml('<div class="outer"><div class="inner"><p>x</p></div><span>after</span></div><span>outside</span>');
    const outer = findFirst(root, is('div', 'outer'))!;
    expect(textOf(outer)).toBe('x after');
  });

  it('handles void and self-closing elements', () => {
    const root = parseHtml('<p>a<br>b<br/>c<img src="x.png"><br />d</p>');
    expect(textOf(root, { br: '|' })).toBe('a|b|c|d');
  });

  it('closes <li>, <td> and <tr> implicitly', () => {
    const root = parseHtml('<ul><li>one<li>two</ul><table><tr><td>a<td>b<tr><td>c</table>');
    expect(findAll(root, is('li')).map((li) => textOf(li))).toEqual(['one', 'two']);
    const rows = findAll(root, is('tr'));
    expect(rows.map((tr) => childElements(tr, 'td').map((td) => textOf(td)))).toEqual([['a', 'b'], ['c']]);
  });

  it('lets an end tag close what was left open inside it, and ignores stray end tags', () => {
    const root = parseHtml('<div class="x"><span>open<b>bold</div></span><p>next</p>');
    expect(textOf(findFirst(root, is('div', 'x'))!)).toBe('openbold');
    expect(findAll(root, is('p'))).toHaveLength(1);
  });

  it('ignores comments, scripts and styles', () => {
    const root = parseHtml('<!-- <div class="ghost"> --><script>var s = "<div class=\\"ghost\\">";</script><style>.ghost{}</style><div class="real"></div>');
    expect(findAll(root, is('div', 'ghost'))).toHaveLength(0);
    expect(findAll(root, is('div', 'real'))).toHaveLength(1);
  });

  it('leaves a bare < in text alone', () => {
    expect(textOf(parseHtml('<p>1 < 2 and 3 > 2</p>'))).toBe('1 < 2 and 3 > 2');
  });

  it('matches tags case-insensitively', () => {
    expect(findAll(parseHtml('<DIV CLASS="wake-product"></DIV>'), is('div', 'wake-product'))).toHaveLength(1);
  });
});

describe('textOf', () => {
  it('collapses whitespace including &nbsp;', () => {
    expect(textOf(parseHtml('<td>\n  1,234&nbsp;&nbsp; in\tstock \n</td>'))).toBe('1,234 in stock');
  });

  it('separates words at block boundaries and <br>, not at inline elements', () => {
    const root = parseHtml('<div><p>one</p><p>two</p></div><ul><li>a<li>b</ul><table><tr><td>c</td><td>d</td></tr></table><span>gl</span><b>ued</b>');
    expect(textOf(root)).toBe('one two a b c d glued');
    expect(textOf(parseHtml('<li>7200 Sandy Fork Rd.<br>Raleigh, NC 27609</li>'), { br: ', ' })).toBe('7200 Sandy Fork Rd., Raleigh, NC 27609');
  });

  it('leaves out the head, scripts, styles, templates, noscript and comments, and excluded nodes', () => {
    const root = parseHtml('<html><head><title>T</title><style>p{}</style></head><body><p>a<!-- b --></p><template><p>c</p></template><noscript>d</noscript><p class="x">e</p><p>f</p></body></html>');
    expect(textOf(root)).toBe('a e f');
    expect(textOf(root, { exclude: new Set([findFirst(root, is('p', 'x'))!]) })).toBe('a f');
    expect(pageTitle(root)).toBe('T');
    expect(pageTitle(parseHtml('<p>no title</p>'))).toBe('');
  });
});

describe('structure', () => {
  it('reads class attributes however they are spaced', () => {
    const table = findFirst(parseHtml('<table class=" table  table-bordered\ttable-striped "></table>'), is('table', 'table-bordered', 'table-striped'))!;
    expect(classList(table)).toEqual(['table', 'table-bordered', 'table-striped']);
    expect(hasClass(table, 'table-striped')).toBe(true);
    expect(hasClass(table, 'table-bordered table-striped')).toBe(false);
  });

  it('builds tables with or without thead/tbody and closes cells the way browsers do', () => {
    const root = parseHtml('<table style="width:100%"><tr><th>A<th>B<tr><td style="text-align:left" title="x">1<td>2</table>');
    const rows = findAll(root, is('tr'));
    expect(rows.map((tr) => childElements(tr).map((c) => `${c.name}:${textOf(c)}`))).toEqual([['th:A', 'th:B'], ['td:1', 'td:2']]);
    expect(ancestors(rows[1]).map((a) => a.name)).toEqual(['table']);
    expect(contains(findFirst(root, is('table'))!, rows[1])).toBe(true);
    expect(contains(rows[0], rows[1])).toBe(false);
  });
});

describe('decodeEntities (plain text, e.g. JSON fields)', () => {
  it('does not read markup in the text', () => {
    expect(decodeEntities('Mon-Sat <b>9am</b> &amp; </textarea> Sun')).toBe('Mon-Sat <b>9am</b> & </textarea> Sun');
    expect(decodeEntities('no references')).toBe('no references');
  });

  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('B &amp; B &#39;x&#x27; &quot;q&quot; Jalape&ntilde;o &#8211; &bogus; AT&T')).toBe(
      `B & B 'x' "q" Jalapeño – &bogus; AT&T`,
    );
  });

  it('replaces invalid code points', () => {
    expect(decodeEntities('&#0;&#xD800;&#1114112;')).toBe('\ufffd\ufffd\ufffd');
  });
});

describe('wholePage', () => {
  it('passes a page that ends with </html>, whatever follows it but whitespace and comments', () => {
    for (const page of ['<html><body>x</body></html>', '<html><body>x</body></HTML >\n\n', '<html></html>\n<!-- Page cached by W3 Total Cache -->\n<!-- 0.12s -->\n']) {
      expect(wholePage('wake inventory', page)).toBe(page);
    }
  });

  it('fails on a page cut short, and on one with content after its end', () => {
    for (const page of ['<html><body><ul><li>1928 Holloway St', '', '<html></html><div>late</div>']) {
      expect(() => wholePage('durham inventory', page)).toThrow('durham inventory: the page ends before </html>: it was cut short, so it is no answer');
    }
  });
});

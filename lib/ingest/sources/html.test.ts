import { describe, expect, it } from 'vitest';
import { childElements, decodeEntities, findAll, findFirst, is, parseHtml, textOf } from './html.ts';

describe('parseHtml', () => {
  it('nests elements and keeps attributes (quoted, unquoted, valueless)', () => {
    const root = parseHtml(`<div class="a b" id=x data-flag><span title='t &amp; u'>hi</span></div>`);
    const div = findFirst(root, is('div', 'a', 'b'))!;
    expect(div.attrs).toEqual({ class: 'a b', id: 'x', 'data-flag': '' });
    expect(childElements(div)[0].attrs.title).toBe('t & u');
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
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('B &amp; B &#39;x&#x27; &quot;q&quot; Jalape&ntilde;o &#8211; &bogus; AT&T')).toBe(
      `B & B 'x' "q" Jalapeño – &bogus; AT&T`,
    );
  });

  it('replaces invalid code points', () => {
    expect(decodeEntities('&#0;&#xD800;&#1114112;')).toBe('\ufffd\ufffd\ufffd');
  });
});

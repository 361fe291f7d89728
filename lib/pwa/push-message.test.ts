import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGE, notificationPath, parsePushMessage, windowToReuse } from './push-message.ts';

describe('parsePushMessage', () => {
  it('reads the contract: title, body, url and an optional tag', () => {
    const text = JSON.stringify({ title: 'Blanton’s at 2 stores', body: 'Wake: North Hills (+3), Cary (+1)', url: '/todays-arrivals?board=1', tag: 'arrivals-1' });
    expect(parsePushMessage(text)).toEqual({ title: 'Blanton’s at 2 stores', body: 'Wake: North Hills (+3), Cary (+1)', url: '/todays-arrivals?board=1', tag: 'arrivals-1' });
    expect(parsePushMessage(JSON.stringify({ title: 'T', body: '', url: '/products/12345' }))).toEqual({ title: 'T', body: '', url: '/products/12345' });
  });

  it('shows the generic notification rather than nothing when the data is not the contract', () => {
    for (const text of [null, '', 'hello', '42', 'null', '[]', '{"title":"","body":"b","url":"/"}', '{"title":"t","url":"/"}', '{"title":1,"body":"b","url":"/"}']) {
      expect(parsePushMessage(text), String(text)).toEqual(GENERIC_MESSAGE);
    }
    expect(GENERIC_MESSAGE.title).toBe('NC Bourbon Tracker');
  });

  it('never lets a message open another site: such a url becomes the home screen', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login', '/not-a-screen']) {
      expect(parsePushMessage(JSON.stringify({ title: 't', body: 'b', url })).url, url).toBe('/');
    }
  });

  it('keeps long texts to a notification’s size', () => {
    const m = parsePushMessage(JSON.stringify({ title: 'x'.repeat(500), body: 'y'.repeat(5000), url: '/', tag: 'z'.repeat(500) }));
    expect([m.title.length, m.body.length, m.tag?.length]).toEqual([120, 500, 100]);
  });
});

describe('notificationPath', () => {
  it('takes the url from the notification data, else the home screen', () => {
    expect(notificationPath({ url: '/watchlist' })).toBe('/watchlist');
    expect(notificationPath({ url: 'https://evil.example' })).toBe('/');
    expect(notificationPath(undefined)).toBe('/');
    expect(notificationPath({})).toBe('/');
  });
});

describe('windowToReuse', () => {
  const origin = 'https://tracker.example';
  it('prefers the focused window of the app, then the most recent one, never another origin', () => {
    expect(windowToReuse([{ url: `${origin}/`, focused: false }, { url: `${origin}/stores`, focused: true }], origin)).toBe(1);
    expect(windowToReuse([{ url: 'https://other.example/', focused: true }, { url: `${origin}/`, focused: false }], origin)).toBe(1);
    expect(windowToReuse([{ url: 'https://other.example/', focused: true }], origin)).toBe(-1);
    expect(windowToReuse([], origin)).toBe(-1);
  });
});

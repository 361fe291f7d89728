import fc from 'fast-check';
import { describe, it } from 'vitest';
import { bounded, ok } from '../../../../testing/properties.ts';
import { deviceLabel, PUSH_MESSAGES, pushTestMessage } from './rules.ts';

// Property-based tests of Web Push's screen rules (issue 36): any test result and any user agent end at once in
// a sentence the profile can show.

describe('push rules', () => {
  it('a test result says what happened on each kind of device, or that there is none', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(30), fc.nat(30), (sent, removed, failed) => {
        const text = pushTestMessage({ sent, removed, failed });
        if (!sent && !removed && !failed) return ok(text === PUSH_MESSAGES.noDevices, text);
        ok(!/undefined|NaN|  /.test(text) && text.endsWith('.'), text);
        for (const [n, word] of [[sent, 'sent'], [removed, 'removed'], [failed, 'reached']] as const) if (n) ok(text.includes(`${n} device`) && text.includes(word), text);
      }),
      { numRuns: 5_000 },
    );
  });

  it('a device label is "<browser> on <system>", "A browser on <system>", a browser, or "A browser", for any user agent', () => {
    const piece = fc.constantFrom('Mozilla/5.0 ', '(iPhone; CPU iPhone OS 17_0) ', '(iPad) ', '(Macintosh; Intel Mac OS X 10_15) ', '(Linux; Android 14) ', '(X11; CrOS x86_64) ', '(Windows NT 10.0) ', 'Mobile/15E148 ', 'Chrome/120 ', 'CriOS/120 ', 'Safari/605 ', 'Firefox/121 ', 'FxiOS/121 ', 'Edg/120 ', 'EdgA/120 ', 'OPR/105 ', 'SamsungBrowser/23 ', 'Chromium/120 ', 'Linux ');
    const uaArb = fc.oneof(fc.array(piece, { maxLength: 8 }).map((p) => p.join('')), fc.string({ maxLength: 200 }), fc.constantFrom(null, undefined, ''), fc.nat(50_000).map((n) => `Mozilla/5.0 ${'('.repeat(n)}Edg`));
    fc.assert(
      fc.property(uaArb, (ua) => {
        const label = bounded(() => deviceLabel(ua), 250);
        ok(/^((Edge|Opera|Samsung Internet|Firefox|Chrome|Safari|A browser) on (iPhone|iPad|Android|ChromeOS|Windows|Mac|Linux)|Edge|Opera|Samsung Internet|Firefox|Chrome|Safari|A browser)$/.test(label), `${JSON.stringify(ua)} → ${label}`);
      }),
      { numRuns: 5_000 },
    );
  });
});

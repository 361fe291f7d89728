import fc from 'fast-check';
import { describe, it } from 'vitest';
import { ok } from '../../../../testing/properties.ts';
import { DISCORD_MESSAGES } from './rules.ts';

// Property-based test of the Discord channel's one computed message (issue 36): any moment's words end at once
// in the notice, which names it.

describe('discord rules', () => {
  it('the notice of a removed webhook names when Discord said so', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (when) => {
        const text = DISCORD_MESSAGES.goneNotice(when);
        ok(text.includes(`on ${when}, so it was removed`) && text.endsWith('in Discord again.'), text);
      }),
      { numRuns: 1_000 },
    );
  });
});

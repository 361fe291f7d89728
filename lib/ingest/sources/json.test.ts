import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SourceError } from './errors.ts';
import { describeIssues, jsonKind, parseJsonBody } from './json.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function failure(body: string): SourceError {
  try {
    parseJsonBody('test source', body);
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('parse');
    return error as SourceError;
  }
  throw new Error('expected a parse error');
}

describe('parseJsonBody', () => {
  it('parses JSON, surrounding whitespace allowed', () => {
    expect(parseJsonBody('x', ' [1, 2.0, {"a": null}]\n')).toEqual([1, 2, { a: null }]);
    expect(parseJsonBody('x', '{"total": 0, "items": []}')).toEqual({ total: 0, items: [] });
  });

  it('names an error or firewall page served instead of JSON', () => {
    expect(failure(fixture('wake-error-firewall-challenge.html')).message).toBe(
      "test source: response is not JSON: a firewall or challenge page (title 'Just a moment...', heading 'wakeabc.com')",
    );
    expect(failure(fixture('wake-error-server.html')).message).toBe("test source: response is not JSON: a server error page (title 'Server Error – Wake County ABC')");
  });

  it('names an ordinary HTML page served instead of JSON', () => {
    expect(failure('<html><head><title>Shop Greensboro ABC</title></head><body><p>Welcome</p></body></html>').message).toBe(
      "test source: response is not JSON but an HTML page (title 'Shop Greensboro ABC')",
    );
  });

  it('fails on an empty body and on text that is not JSON', () => {
    expect(failure('').message).toBe('test source: response is not JSON: an empty body');
    expect(failure('  \n').message).toBe('test source: response is not JSON: an empty body');
    expect(failure('{"total": 3, "items": [').message).toMatch(/^test source: response is not JSON \(.+\); starts with '\{"total": 3, "items": \['$/);
  });
});

describe('describeIssues and jsonKind', () => {
  it('lists the first problems with their paths', () => {
    const parsed = z.object({ a: z.array(z.string()), b: z.number(), c: z.number(), d: z.number() }).safeParse({ a: [1] });
    expect(parsed.success).toBe(false);
    expect(describeIssues(parsed.error!)).toMatch(/^a\.0: .+; b: .+; c: .+ \(and 1 more\)$/);
  });

  it('says what a value is', () => {
    expect([null, [], {}, 'x', 1, true].map(jsonKind)).toEqual(['null', 'an array', 'an object', 'a string', 'a number', 'a boolean']);
  });
});

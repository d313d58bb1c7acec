import fc from 'fast-check';
import { canonicalJson, requestHash } from './request-hash.js';

/**
 * The hand-written function the order service hashed request bodies with before safe-stable-stringify
 * (until commit 5ef099f), kept here verbatim as the reference: Idempotency-Key records store the hash of
 * its output, so the new text must be byte-identical for every JSON value.
 */
function formerStableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formerStableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${formerStableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The same value with the keys of every object in reverse insertion order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversedKeys(v)]),
    );
  return value;
}

describe('request hash of an order body (Idempotency-Key)', () => {
  // an order body as the bus delivers it (parsed JSON), with the awkward parts: umlauts, an emoji, quotes,
  // control characters, a lone surrogate, an integer-like and an empty key, exponent numbers, -0.5
  const body: unknown = JSON.parse(
    '{"isDelivery":false,"branch":3,"isDineIn":false,"items":[{"product":17,"amount":2.5,"parts":{"b":["x","y"],"a":null},' +
      '"note":"ohne Kren, bitte \\"scharf\\" – 🌶"}],"firstName":"Jürgen","lastName":"Österreicher","email":"j@example.at",' +
      '"phone":"+43 660 1234567","appointment":"2026-10-25T00:30:00.000Z","legalInstructions":true,"10":"numeric key","":0,' +
      '"tip":-0.5,"big":1e21,"tiny":5e-7,"ctrl":"a\\u0000b\\nc","lone":"\\ud800"}',
  );

  it('gives the hash stored before the change for the same body (recorded with the former function)', () => {
    expect(canonicalJson(body)).toBe(
      '{"":0,"10":"numeric key","appointment":"2026-10-25T00:30:00.000Z","big":1e+21,"branch":3,"ctrl":"a\\u0000b\\nc",' +
        '"email":"j@example.at","firstName":"Jürgen","isDelivery":false,"isDineIn":false,"items":[{"amount":2.5,' +
        '"note":"ohne Kren, bitte \\"scharf\\" – 🌶","parts":{"a":null,"b":["x","y"]},"product":17}],"lastName":"Österreicher",' +
        '"legalInstructions":true,"lone":"\\ud800","phone":"+43 660 1234567","tiny":5e-7,"tip":-0.5}',
    );
    expect(requestHash(body)).toBe('80257e155d2a91613e90f18898b81ab093852422c8e56b0f3dec608c20147d63');
    expect(requestHash(reversedKeys(body))).toBe('80257e155d2a91613e90f18898b81ab093852422c8e56b0f3dec608c20147d63');
  });

  it('a missing body is "null", as before', () => {
    expect(canonicalJson(undefined)).toBe('null');
    expect(requestHash(undefined)).toBe('74234e98afe7498fb5daf1f36ac2d78acc339464f950703b8c019892f982b90b');
  });

  it('property: byte-identical to the former function for every JSON value, any key order', () => {
    for (const stringUnit of ['grapheme', 'binary'] as const) {
      fc.assert(
        fc.property(fc.jsonValue({ stringUnit, maxDepth: 5 }), (value) => {
          const parsed: unknown = JSON.parse(JSON.stringify(value));
          expect(canonicalJson(parsed)).toBe(formerStableStringify(parsed));
          expect(canonicalJson(reversedKeys(parsed))).toBe(formerStableStringify(parsed));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('property: byte-identical for objects with many keys (safe-stable-stringify sorts more than 200 keys with Array#sort, fewer by insertion)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 1 }), { minKeys: 150, maxKeys: 400 }),
        (value) => {
          const parsed: unknown = JSON.parse(JSON.stringify(value));
          expect(canonicalJson(parsed)).toBe(formerStableStringify(parsed));
        },
      ),
      { numRuns: 100 },
    );
  });
});

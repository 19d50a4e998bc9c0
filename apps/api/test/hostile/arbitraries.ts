import fc from 'fast-check';

// Values people and robots actually send: random, oversized, wrongly typed, Unicode edge cases and
// injection-shaped strings. Shared by every hostile-input test.

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}',
  '#{7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '\u0000',
  'nul\u0000byte',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '{"$gt": ""}',
  'admin@example.bj\r\nBcc: victim@example.bj',
  'a@b.c\nX-Injected: 1',
  '=cmd|" /C calc"!A0',
  '+22997000000',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
];

export const UNICODE_EDGES = [
  '',
  ' ',
  '\t\n\r',
  '\u00a0\u202f',
  '\ufeff',
  '\u200b\u200c\u200d',
  '\u202eevil\u202c',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  '\ud83d\ude00',
  '👨‍👩‍👧‍👦',
  'Ａｗａ Ｚｉｎｓｏｕ',
  'ﷺ',
  'İıŞş',
  '\u0085\u2028\u2029',
  'Zalgo: Z̷̢͉̮a̸͇̠l̶̰͕g̵̺̓o̵̫͑',
];

const oversized = fc.constantFrom(1_000, 10_000, 200_000).map((n) => 'é'.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE_EDGES) },
  { weight: 1, arbitrary: oversized },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** Any JSON value a client could put in a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1, 999_999_999_999) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', '$gt'), hostileString, { maxKeys: 2 }) },
);

/** A JSON body: the endpoint's own field names (some missing) with hostile values, plus unexpected keys. */
export function hostileBody(fields: readonly string[]): fc.Arbitrary<unknown> {
  const record = fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] });
  const withExtras = fc
    .tuple(
      record,
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'is_confirmed', 'transaction_status', 'extra'),
        hostileValue,
        { maxKeys: 3 },
      ),
    )
    .map(([a, b]) => ({ ...b, ...a }));
  return fc.oneof(
    { weight: 6, arbitrary: record },
    { weight: 2, arbitrary: withExtras },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.constant(null), fc.array(hostileValue, { maxLength: 3 }), hostileString, fc.integer(), fc.boolean()),
    },
  );
}

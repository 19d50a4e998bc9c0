import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { hostileBody, hostileValue } from './arbitraries';
import { RUNS } from './harness';

// Every zod schema exported by packages/shared/src/schemas (forms and payloads, found automatically as they land):
// hostile values never make parsing throw, and every refusal speaks French with a non-empty message.
const modules = import.meta.glob<Record<string, unknown>>('../../../../packages/shared/src/schemas/*.ts', { eager: true });

const schemas: [string, ZodType][] = [];
for (const [file, mod] of Object.entries(modules)) {
  if (file.endsWith('.test.ts')) continue;
  for (const [name, value] of Object.entries(mod)) {
    if (value && typeof value === 'object' && typeof (value as ZodType).safeParse === 'function' && /Schema$/.test(name)) {
      schemas.push([`${file.split('/').pop()} ${name}`, value as ZodType]);
    }
  }
}

// zod's own English defaults, which must never reach a person.
const ENGLISH = /^(Invalid|Expected|Required|Too (small|big)|Unrecognized|Number must|String must|Array must)/;

describe('hostile input: shared form and payload schemas', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(5);
  });

  for (const [label, schema] of schemas) {
    it(`${label}: never throws, refuses in French`, () => {
      const shape = (schema as { shape?: Record<string, unknown> }).shape;
      const arbitrary = shape ? fc.oneof(hostileBody(Object.keys(shape)), hostileValue) : hostileValue;
      fc.assert(
        fc.property(arbitrary, (value) => {
          const result = schema.safeParse(value);
          if (!result.success) {
            for (const issue of result.error.issues) {
              expect(typeof issue.message).toBe('string');
              expect(issue.message.length).toBeGreaterThan(0);
              expect(issue.message, `${label} ${JSON.stringify(issue.path)}`).not.toMatch(ENGLISH);
            }
          }
        }),
        { numRuns: RUNS },
      );
    });
  }
});

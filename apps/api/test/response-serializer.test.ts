import { donationListItemSchema } from '@shared/schemas/donation';
import { paymentListItemSchema } from '@shared/schemas/payment';
import fc from 'fast-check';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseWriter, responseSerializerCompiler } from '../src/lib/response-serializer';
import {
  adminTestimonialSchema,
  contactMessageSchema,
  publicTestimonialSchema,
  publicVolunteerSchema,
  unconfirmedVolunteerSchema,
} from '../src/routes/public-site/schemas';

// The compiled response writer must answer exactly what fastify-type-provider-zod's serializer answers
// (zod parse, then JSON.stringify), and refuse exactly what it refuses.

const zodSerializer = createSerializerCompiler({});
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/essai', httpStatus: '200' });

type Outcome = { json: string } | { error: string };
function outcome(serialize: (data: unknown) => string, data: unknown): Outcome {
  try {
    return { json: serialize(data) };
  } catch (error) {
    return { error: (error as Error).constructor.name };
  }
}

/** Values shaped like the schema, with wrong types, extra keys, missing keys and hostile strings mixed in. */
function valueFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  const wrong = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.double(), fc.object());
  let right: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'string':
      right = fc.string({ unit: 'binary' });
      break;
    case 'number':
      right = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, Number.MAX_VALUE, 1e21, Number.NaN, Number.POSITIVE_INFINITY));
      break;
    case 'boolean':
      right = fc.boolean();
      break;
    case 'enum':
      right = fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      break;
    case 'literal':
      right = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'nullable':
      right = fc.option(valueFor(def.innerType), { nil: null });
      break;
    case 'optional':
      right = fc.option(valueFor(def.innerType), { nil: undefined });
      break;
    case 'array':
      right = fc.array(valueFor(def.element), { maxLength: 4 });
      break;
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      right = fc
        .tuple(
          fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valueFor(v)])), {
            requiredKeys: Object.keys(shape).filter(() => true),
          }),
          fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
          fc.subarray(Object.keys(shape), { maxLength: 1 }),
        )
        .map(([record, extra, dropped]) => {
          const value: Record<string, unknown> = { ...extra, ...record };
          for (const key of dropped) delete value[key];
          // Keys in a different order than the schema's.
          return Object.fromEntries(Object.entries(value).reverse());
        });
      break;
    }
    default:
      right = fc.anything();
  }
  return fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: wrong, weight: 1 });
}

const SCHEMAS: Record<string, z.ZodType> = {
  publicTestimonials: z.array(publicTestimonialSchema),
  publicVolunteers: z.array(publicVolunteerSchema),
  adminTestimonials: z.array(adminTestimonialSchema),
  unconfirmedVolunteers: z.array(unconfirmedVolunteerSchema),
  contactMessages: z.array(contactMessageSchema),
  donations: z.array(donationListItemSchema),
  payments: z.array(paymentListItemSchema),
  mixed: z.object({
    a: z.string().optional(),
    b: z.number().nullable(),
    c: z.enum(['x', 'y']),
    d: z.literal(3),
    e: z.array(z.boolean()),
    f: z.object({ g: z.string().nullable().optional() }),
  }),
};

describe('compiled response writer', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`answers like the zod serializer for ${name}`, () => {
      const ours = responseSerializerCompiler(route(schema));
      const reference = zodSerializer(route(schema));
      let serialized = 0;
      fc.assert(
        fc.property(valueFor(schema), (data) => {
          const expected = outcome(reference, data);
          if ('json' in expected) serialized++;
          expect(outcome(ours, data)).toEqual(expected);
        }),
        { numRuns: 300 },
      );
      // Both paths are exercised: valid responses and refused ones.
      expect(serialized).toBeGreaterThan(30);
      expect(serialized).toBeLessThan(300);
    });
  }

  it('compiles the public list schemas (the fast path is really taken)', () => {
    expect(compileResponseWriter(z.array(publicTestimonialSchema))).toBeTypeOf('function');
    expect(compileResponseWriter(z.array(publicVolunteerSchema))).toBeTypeOf('function');
  });

  it('leaves schemas with checks, formats, transforms or defaults to zod', () => {
    for (const schema of [
      z.string().min(1),
      z.email(),
      z.int(),
      z.object({ a: z.string() }).strict(),
      z.object({ a: z.string().default('x') }),
      z.string().transform((s) => s.length),
      z.date(),
    ]) {
      expect(compileResponseWriter(schema)).toBeUndefined();
    }
  });
});

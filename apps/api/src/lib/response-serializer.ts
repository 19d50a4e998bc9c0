import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Response serialisation compiled from the route's zod schema.
 *
 * fastify-type-provider-zod runs a full zod parse of every response and then `JSON.stringify`s the copy it
 * returns: on a 20-row list that is a dominant share of the request's CPU. For the shapes our responses use
 * (objects of strings, numbers, booleans, enums, literals, nullable or optional ones, arrays of those) this
 * compiles a writer that checks each value's type while writing the JSON, keeping only the schema's keys in
 * the schema's order, which is exactly what the zod parse + stringify produces. Anything else, and any value
 * that fails a check, goes through the zod path, so errors (a 500 for a response that breaks its schema) and
 * exotic schemas (checks, transforms, defaults, dates…) behave exactly as before.
 */

/** Writes the JSON of a valid value, or returns undefined to hand the value over to zod. */
type Writer = (value: unknown) => string | undefined;

type Def = { type: string; checks?: unknown[]; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

/** Only plain definitions: any extra definition key (format, coerce, check, catchall…) means semantics we do not replicate. */
function isPlain(def: Def, allowed: string[]): boolean {
  for (const key of Object.keys(def)) {
    if (key === 'checks') {
      if (def.checks && def.checks.length > 0) return false;
    } else if (key !== 'type' && !allowed.includes(key)) {
      return false;
    }
  }
  return true;
}

const writeString: Writer = (v) => (typeof v === 'string' ? JSON.stringify(v) : undefined);
// z.number() refuses NaN and ±Infinity; for finite numbers String() and JSON.stringify() agree.
const writeNumber: Writer = (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
const writeBoolean: Writer = (v) => (v === true ? 'true' : v === false ? 'false' : undefined);

function compileNode(schema: unknown): { write: Writer; optional: boolean } | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'string':
      return isPlain(def, []) ? { write: writeString, optional: false } : undefined;
    case 'number':
      return isPlain(def, []) ? { write: writeNumber, optional: false } : undefined;
    case 'boolean':
      return isPlain(def, []) ? { write: writeBoolean, optional: false } : undefined;
    case 'enum':
    case 'literal': {
      if (!isPlain(def, ['entries', 'values'])) return undefined;
      const values = def.type === 'enum' ? Object.values(def.entries as Record<string, unknown>) : (def.values as unknown[]);
      if (!values.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) return undefined;
      const allowed = new Set(values);
      return { write: (v) => (allowed.has(v) ? JSON.stringify(v) : undefined), optional: false };
    }
    case 'nullable': {
      if (!isPlain(def, ['innerType'])) return undefined;
      const inner = compileNode(def.innerType);
      if (!inner || inner.optional) return undefined;
      return { write: (v) => (v === null ? 'null' : inner.write(v)), optional: false };
    }
    case 'optional': {
      if (!isPlain(def, ['innerType'])) return undefined;
      const inner = compileNode(def.innerType);
      if (!inner || inner.optional) return undefined;
      return { write: inner.write, optional: true };
    }
    case 'array': {
      if (!isPlain(def, ['element'])) return undefined;
      const element = compileNode(def.element);
      if (!element || element.optional) return undefined;
      const write = element.write;
      return {
        write: (v) => {
          if (!Array.isArray(v)) return undefined;
          let out = '[';
          for (let i = 0; i < v.length; i++) {
            const item = write(v[i]);
            if (item === undefined) return undefined;
            out += i === 0 ? item : `,${item}`;
          }
          return `${out}]`;
        },
        optional: false,
      };
    }
    case 'object': {
      // No catchall: zod's default "strip" mode, where unknown keys are dropped.
      if (!isPlain(def, ['shape'])) return undefined;
      const fields: Array<{ key: string; prefix: string; write: Writer; optional: boolean }> = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
        const node = compileNode(field);
        if (!node) return undefined;
        fields.push({ key, prefix: `${JSON.stringify(key)}:`, write: node.write, optional: node.optional });
      }
      return {
        write: (v) => {
          if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
          const record = v as Record<string, unknown>;
          let out = '{';
          let first = true;
          for (let i = 0; i < fields.length; i++) {
            const field = fields[i]!;
            const value = record[field.key];
            // An absent or undefined optional key is left out, as JSON.stringify leaves out undefined.
            if (value === undefined && field.optional) continue;
            const json = field.write(value);
            if (json === undefined) return undefined;
            out += first ? field.prefix + json : `,${field.prefix}${json}`;
            first = false;
          }
          return `${out}}`;
        },
        optional: false,
      };
    }
    default:
      return undefined;
  }
}

/** A writer for the schema, or undefined when its shape is not one this module replicates exactly. */
export function compileResponseWriter(schema: z.ZodType): ((value: unknown) => string | undefined) | undefined {
  const node = compileNode(schema);
  return node && !node.optional ? node.write : undefined;
}

const zodSerializerCompiler = createSerializerCompiler({});

export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const slow = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const fast = compileResponseWriter(route.schema);
  if (!fast) return slow;
  return (data: unknown) => fast(data) ?? slow(data);
};

/** The serialiser a route with this 200 response schema uses, for bodies rendered ahead of the reply (cached pages). */
export function serializerFor(schema: z.ZodType, method: string, url: string): (data: unknown) => string {
  return responseSerializerCompiler({ schema, method, url, httpStatus: '200' });
}

import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

// A form page's first load does not need zod: the fields, buttons and links work without it, and only checking what
// was typed does. zod and the page's schema are ~250 KB of JavaScript, evaluated in several long tasks on a slow
// phone (issue #43: /connexion evaluated all of it before its first tap). They load when the visitor first touches
// the page (a tap, a key, a focused field), while they type, or at the latest when the form is checked.

type Schema = z.$ZodType<unknown, FieldValues>;

const TOUCH_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * react-hook-form's `resolver` for a zod schema loaded on demand: `lazyZodResolver(() => import('@shared/schemas/auth')
 * .then((m) => m.loginSchema))`, called once per page module. The page itself imports only zod-free modules (its
 * messages from @shared/zod-free/…, its types with `import type`), or zod would come with it anyway.
 */
export function lazyZodResolver<S extends Schema>(load: () => Promise<S>): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  const ready = () => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    );
    return resolver;
  };
  if (typeof window !== 'undefined') {
    const warm = () => {
      for (const type of TOUCH_EVENTS) window.removeEventListener(type, warm, true);
      void ready();
    };
    for (const type of TOUCH_EVENTS) window.addEventListener(type, warm, { capture: true, passive: true });
  }
  return async (values, context, options) => (await ready())(values, context, options);
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formSubscriptionAsPassiveEffect, RHF_READY_LAYOUT_EFFECT } from '../vite.config';

// The build's rewrite of react-hook-form's useForm (vite.config.ts): it must apply to the installed version, and
// stop the build the day that code changes, rather than silently leave the long task back (issue #43).
const file = path.join(path.dirname(createRequire(import.meta.url).resolve('react-hook-form/package.json')), 'dist/index.esm.mjs');
const transform = (code: string, id = file) => {
  const hook = formSubscriptionAsPassiveEffect().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id);
};

describe('formSubscriptionAsPassiveEffect', () => {
  it('turns the installed useForm subscription into a passive effect, and nothing else', () => {
    const code = fs.readFileSync(file, 'utf8');
    const out = transform(code)!.code;
    expect(out).not.toContain(RHF_READY_LAYOUT_EFFECT);
    expect(out).toContain(`    React.useEffect(() => {\n        resyncIfNeeded(true, getCurrentFormState, updateFormState);`);
    expect(out.length).toBe(code.length - 'useIsomorphicLayoutEffect'.length + 'React.useEffect'.length);
  });

  it('stops the build when react-hook-form no longer has that code', () => {
    expect(() => transform('export const useForm = () => {};')).toThrow(/react-hook-form/);
  });

  it('leaves every other module alone', () => {
    expect(transform(RHF_READY_LAYOUT_EFFECT, '/x/node_modules/other/index.mjs')).toBeNull();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findBoundaryViolations } from './check-boundaries.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A throwaway web app tree: { 'features/a/page.tsx': 'source', … }. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('import boundaries of the web app', () => {
  it('accepts features importing components, lib, packages and their own files', () => {
    const root = tree({
      'features/home/home-page.tsx':
        "import { Button } from '@web/components/ui/button';\nimport { x } from './data';\nimport { z } from 'zod';",
      'features/home/data.ts': "import { api } from '@web/lib/api-client';",
      'components/ui/button.tsx': "import { cn } from '../../lib/cn';",
      'lib/cn.ts': '',
      'app/routes.tsx': "const Home = lazy(() => import('@web/features/home/home-page'));",
    });
    expect(findBoundaryViolations(root)).toEqual([]);
  });

  it('refuses a feature importing another feature, by alias, relative path or dynamic import', () => {
    const root = tree({
      'features/home/home-page.tsx': "import { NewsletterForm } from '@web/features/newsletter/newsletter-form';",
      'features/admin/page.tsx': "import { x } from '../profile/panel';\nconst P = lazy(() => import('@web/features/profile/panel'));",
      'features/newsletter/newsletter-form.tsx': '',
      'features/profile/panel.tsx': '',
    });
    const problems = findBoundaryViolations(root);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/feature home\) imports feature newsletter/);
  });

  it('refuses components/ or lib/ importing a feature or app/', () => {
    const root = tree({
      'components/x.tsx': "import { y } from '@web/features/home/y';",
      'lib/z.ts': "import { routes } from '../app/routes';",
      'features/home/y.ts': '',
      'app/routes.tsx': '',
    });
    expect(findBoundaryViolations(root)).toHaveLength(2);
  });
});

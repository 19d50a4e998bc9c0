import { inflateSync } from 'node:zlib';
import type * as CFB from 'cfb';
import type yauzl from 'yauzl';

// Documents (CVs, criminal records, project files) are parsed, not grepped: a PDF's names are decoded (#xx escapes)
// and its compressed object streams inflated before looking for actions; a .doc must be a real Compound File
// (OLE2) holding a Word document and no macros; a .docx is opened as the ZIP it is, and refused with macro parts
// (whatever their name) or external relationships other than plain hyperlinks (an attached template fetched
// from elsewhere, a linked OLE object). Anything that cannot be parsed is refused.

// ---------------------------------------------------------------- PDF

/** Names whose mere presence means active content. */
const PDF_FORBIDDEN_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'SubmitForm',
  'ImportData',
  'RichMedia',
  'EmbeddedFile',
  'XFA',
  'GoToE',
  'AA',
]);
/** Decompressed bytes allowed per PDF (zip-bomb guard): far above any 5 MB document's object streams. */
const PDF_INFLATE_BUDGET = 64 * 1024 * 1024;

/** PDF name tokens with their #xx escapes decoded (`/J#61vaScript` → `JavaScript`). */
export function pdfNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]*)/g)) {
    names.push(match[1]!.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))));
  }
  return names;
}

/** The objects' text: the file itself plus every object stream, inflated. Null when a stream cannot be read. */
function pdfObjectTexts(buffer: Buffer): string[] | null {
  const text = buffer.toString('latin1');
  const texts = [text];
  let budget = PDF_INFLATE_BUDGET;
  const streamPattern = /<<((?:(?!>>\s*stream)[\s\S]){0,4000})>>\s*stream\r?\n/g;
  for (const match of text.matchAll(streamPattern)) {
    const dict = match[1]!;
    const dictNames = pdfNames(dict);
    if (!dictNames.includes('ObjStm')) continue; // content and image streams hold no objects
    const start = match.index! + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) return null;
    const raw = buffer.subarray(start, end);
    const filters = dictNames.filter((n) => n.endsWith('Decode'));
    if (filters.length === 0) {
      texts.push(raw.toString('latin1'));
      continue;
    }
    if (filters.length !== 1 || filters[0] !== 'FlateDecode') return null; // a filter we do not read: refuse
    try {
      const inflated = inflateSync(raw, { maxOutputLength: budget });
      budget -= inflated.length;
      texts.push(inflated.toString('latin1'));
    } catch {
      // Trailing whitespace before endstream is allowed; anything else unreadable is refused.
      try {
        const inflated = inflateSync(raw.subarray(0, raw.length - 2), { maxOutputLength: budget });
        budget -= inflated.length;
        texts.push(inflated.toString('latin1'));
      } catch {
        return null;
      }
    }
  }
  return texts;
}

const decodeNames = (text: string) =>
  text.replace(
    /\/([^\s/<>[\]()%{}]*)/g,
    (_, name: string) => `/${name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))}`,
  );

/**
 * An /OpenAction that is an action (a dictionary with /S: /URI, /SubmitForm, /JavaScript…) rather than the page
 * to open at (an array). A reference that cannot be followed (an object inside a stream) counts as an action.
 */
function hasOpenAction(decoded: string, all: string): boolean {
  for (const match of decoded.matchAll(/\/OpenAction\s*(<<|(\d+)\s+(\d+)\s+R|\[)/g)) {
    if (match[1] === '<<') return true;
    if (!match[2]) continue; // an explicit destination array
    const object = new RegExp(`(?:^|\\s)${match[2]}\\s+${match[3]}\\s+obj\\b`, 'm').exec(all);
    if (!object) return true;
    const body = all.slice(object.index, all.indexOf('endobj', object.index));
    if (!/^\s*\S+\s+\S+\s+obj\s*\[/.test(body) && pdfNames(body).includes('S')) return true;
  }
  return false;
}

export function isSafePdf(buffer: Buffer): boolean {
  const texts = pdfObjectTexts(buffer);
  if (!texts) return false;
  const decoded = texts.map(decodeNames);
  const all = decoded.join('\n');
  for (const text of decoded) {
    if (pdfNames(text).some((name) => PDF_FORBIDDEN_NAMES.has(name))) return false;
    if (hasOpenAction(text, all)) return false;
  }
  return true;
}

// ---------------------------------------------------------------- .doc (OLE2 / Compound File Binary)

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export async function isSafeDoc(buffer: Buffer): Promise<boolean> {
  // cfb and yauzl (~15 MiB once loaded) load with the first Word file uploaded, not at every start.
  const { read } = await import('cfb');
  let container: CFB.CFB$Container;
  try {
    container = read(buffer, { type: 'buffer' });
  } catch {
    return false; // the 8 magic bytes followed by anything else (HTML…) are not a Compound File
  }
  const paths = container.FullPaths.map((p) => p.toLowerCase());
  if (!paths.some((p) => p.endsWith('/worddocument'))) return false; // a Compound File, but not a Word document
  return !paths.some((p) => /\/(macros|_vba_project_cur|vba)\/|\/_vba_project$|\/vbaproject/.test(p));
}

// ---------------------------------------------------------------- .docx (Office Open XML package)

const MAX_ENTRIES = 2000;
const MAX_XML_BYTES = 2 * 1024 * 1024;
const MACRO_CONTENT = /vbaProject|vbaData|macroEnabled|ms-office\.activeX|oleObject/i;
const HYPERLINK_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';

async function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  const { default: zipReader } = await import('yauzl');
  return new Promise((resolve, reject) =>
    zipReader.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
        if (size >= limit) {
          stream.destroy();
          resolve(Buffer.concat(chunks).subarray(0, limit));
        }
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

/** Every external relationship must be a plain hyperlink; none may point at a macro part. */
function relationshipsAreSafe(xml: string): boolean {
  for (const match of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const tag = match[0];
    const type = /\bType="([^"]*)"/.exec(tag)?.[1] ?? '';
    if (MACRO_CONTENT.test(type) || /vbaProject/i.test(tag)) return false;
    if (/\bTargetMode="External"/i.test(tag) && type !== HYPERLINK_TYPE) return false;
  }
  return true;
}

export async function isSafeDocx(buffer: Buffer): Promise<boolean> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    return false;
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) return false;
    let sawContentTypes = false;
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      if (!entry) break;
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (/vbaProject|vbaData/i.test(name)) return false;
      const isXml = name === '[Content_Types].xml' || name.endsWith('.rels');
      const data = await readEntry(zip, entry, isXml ? MAX_XML_BYTES : CFB_MAGIC.length);
      // A Compound File inside the package is a VBA project or an OLE object, whatever its name.
      if (data.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC)) return false;
      if (name === '[Content_Types].xml') {
        sawContentTypes = true;
        if (MACRO_CONTENT.test(data.toString('utf8'))) return false;
      } else if (name.endsWith('.rels') && !relationshipsAreSafe(data.toString('utf8'))) {
        return false;
      }
    }
    return sawContentTypes;
  } catch {
    return false; // a damaged package is refused
  } finally {
    zip.close();
  }
}

import { PassThrough, type Readable } from 'node:stream';

/** Several small files as one streamed ZIP (archiver loads with the first ZIP asked for, not at every start). */
export async function zipOf(files: { name: string; body: string | Buffer }[]): Promise<Readable> {
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  zip.on('error', (err) => out.destroy(err));
  zip.pipe(out);
  for (const f of files) zip.append(f.body, { name: f.name });
  void zip.finalize();
  return out;
}

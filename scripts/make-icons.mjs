// Renders the installable app's icons (apps/web/public/icons/) from the favicon's drawing: 192 and 512 px, and a
// maskable 512 px whose heart stays inside the safe zone. Usage: node scripts/make-icons.mjs (outputs are committed).
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/icons');
const HEART = 'M32 50s-16-9.5-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.5-16 21-16 21z';
const icon = (rx, scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${rx}" fill="#065f46"/><g transform="translate(32 32) scale(${scale}) translate(-32 -34)"><path d="${HEART}" fill="#fbbf24"/></g></svg>`;

for (const size of [192, 512]) {
  await sharp(Buffer.from(icon(14, 1)))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, `icon-${size}.png`));
}
await sharp(Buffer.from(icon(0, 0.75)))
  .resize(512, 512)
  .png({ compressionLevel: 9 })
  .toFile(path.join(OUT, 'icon-maskable-512.png'));
console.log('icons written to', OUT);

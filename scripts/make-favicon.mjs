// Renders apps/web/public/favicon.ico (16, 32 and 48 px PNGs in an ICO container) from favicon.svg: browsers and the
// server-rendered checkout and receipt pages ask for /favicon.ico (issue #18 §6). Run once when the logo changes.
import fs from 'node:fs';
import sharp from 'sharp';
const svg = fs.readFileSync('apps/web/public/favicon.svg');
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map((s) => sharp(svg, { density: 384 }).resize(s, s).png().toBuffer()));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const dir = sizes.map((s, i) => {
  const e = Buffer.alloc(16);
  e.writeUInt8(s, 0);
  e.writeUInt8(s, 1);
  e.writeUInt8(0, 2);
  e.writeUInt8(0, 3);
  e.writeUInt16LE(1, 4);
  e.writeUInt16LE(32, 6);
  e.writeUInt32LE(pngs[i].length, 8);
  e.writeUInt32LE(offset, 12);
  offset += pngs[i].length;
  return e;
});
fs.writeFileSync('apps/web/public/favicon.ico', Buffer.concat([header, ...dir, ...pngs]));
console.log(fs.statSync('apps/web/public/favicon.ico').size);

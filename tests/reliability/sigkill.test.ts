import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONTACT,
  FAST_ENV,
  isAvailable,
  openDb,
  PNG_32,
  reliabilityBuild,
  removeDir,
  runId,
  scratchDataDir,
  startProduct,
} from './helpers';

type Product = Awaited<ReturnType<typeof startProduct>>;

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    : [];

/** An author name for a tag: names take letters only (docs/product/validation.md "Text that people write"), so digits become letters. */
const authorOf = (tag: string) => `Auteur ${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

function testimonialForm(tag: string): FormData {
  const form = new FormData();
  form.set('text', `Un grand merci pour votre aide numero ${tag}`);
  form.set('author', authorOf(tag));
  form.set('title', 'Bénéficiaire reconnaissant');
  form.set('avatar', new Blob([PNG_32], { type: 'image/png' }), 'avatar.png');
  return form;
}

describe('SIGKILL while writes and uploads are in flight', () => {
  let dataDir: string | undefined;
  let product: Product | undefined;
  afterAll(async () => {
    await product?.stop('SIGKILL');
    removeDir(dataDir);
  });

  it('keeps every acknowledged write, passes the integrity check and exposes no half-written upload', async () => {
    const buildDir = reliabilityBuild();
    dataDir = scratchDataDir('sigkill');
    product = await startProduct({ buildDir, dataDir, env: FAST_ENV });
    const url = product.url;
    const id = runId();
    const hasContact = await isAvailable(url, 'POST', '/api/contact', CONTACT(`sonde.${id}@exemple.bj`));
    const hasSubscribe = await isAvailable(url, 'POST', '/api/subscribe', { email: `sonde.${id}@exemple.bj` });
    const hasUpload = await isAvailable(url, 'POST', '/api/testimonial', {});
    console.info(`reliability sigkill: contact ${hasContact}, subscribe ${hasSubscribe}, testimonial upload ${hasUpload}`);

    const acked = { contact: new Set<string>(), subscribe: new Set<string>(), testimonial: new Set<string>() };
    let alive = true;
    let n = 0;
    const worker = async (slot: number) => {
      while (alive) {
        const i = n++;
        const tag = `${id}x${i}`;
        const kind = (['contact', 'subscribe', 'testimonial'] as const)[(slot + i) % 3];
        try {
          if (kind === 'contact' && hasContact) {
            const email = `kill.${tag}@exemple.bj`;
            const res = await fetch(`${url}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(CONTACT(email)),
            });
            if (res.ok) acked.contact.add(email);
          } else if (kind === 'subscribe' && hasSubscribe) {
            const email = `kill.${tag}@exemple.bj`;
            const res = await fetch(`${url}/api/subscribe`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email }),
            });
            if (res.ok) acked.subscribe.add(email);
          } else if (kind === 'testimonial' && hasUpload) {
            const res = await fetch(`${url}/api/testimonial`, { method: 'POST', body: testimonialForm(tag) });
            if (res.ok) acked.testimonial.add(authorOf(tag));
          } else {
            await new Promise((r) => setTimeout(r, 5));
          }
        } catch {
          // The connection died with the process: not acknowledged, so nothing is owed.
        }
      }
    };
    const workers = Array.from({ length: 24 }, (_, slot) => worker(slot));
    // Let writes pile up, then kill the process in the middle of them.
    await new Promise((r) => setTimeout(r, 2500));
    product.child.kill('SIGKILL');
    const exit = await product.exited;
    alive = false;
    await Promise.all(workers);
    expect(exit.signal).toBe('SIGKILL');
    const total = acked.contact.size + acked.subscribe.size + acked.testimonial.size;
    console.info(
      `reliability sigkill: acknowledged before the kill: contact ${acked.contact.size}, subscribe ${acked.subscribe.size}, testimonial ${acked.testimonial.size}`,
    );
    expect(total).toBeGreaterThan(0);
    if (hasUpload) expect(acked.testimonial.size).toBeGreaterThan(0);

    // Restart on the same data; the product must come back and serve.
    product = await startProduct({ buildDir, dataDir, env: FAST_ENV });
    const db = openDb(dataDir);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const emails = (table: string) =>
        new Set((db.prepare(`select email from ${table}`).all() as { email: string }[]).map((r) => r.email));
      const contacts = emails('contact_messages');
      const subscribers = emails('newsletter_subscriptions');
      expect([...acked.contact].filter((e) => !contacts.has(e))).toEqual([]);
      expect([...acked.subscribe].filter((e) => !subscribers.has(e))).toEqual([]);
      const testimonials = db.prepare('select author, avatar from testimonials').all() as { author: string; avatar: string }[];
      const authors = new Set(testimonials.map((t) => t.author));
      expect([...acked.testimonial].filter((a) => !authors.has(a))).toEqual([]);

      // Every stored avatar is complete at its key; partial files only ever exist under uploads/.tmp.
      const uploads = path.join(dataDir, 'uploads');
      for (const t of testimonials) {
        // The column holds the file name (older rows may hold the full key `avatars/<name>`).
        const file = path.join(uploads, t.avatar.includes('/') ? t.avatar : `avatars/${t.avatar}`);
        expect(fs.existsSync(file), t.avatar).toBe(true);
        const bytes = fs.readFileSync(file);
        expect(bytes.length).toBeGreaterThan(0);
        // Stored as an image the product accepts (it may re-encode): PNG, JPEG or WebP signature.
        expect(/^(89504e47|ffd8ff|52494646)/.test(bytes.subarray(0, 4).toString('hex')), t.avatar).toBe(true);
      }
      const visible = walk(uploads).filter((f) => !f.startsWith(path.join(uploads, '.tmp') + path.sep));
      expect(visible.filter((f) => f.endsWith('.part') || fs.statSync(f).size === 0)).toEqual([]);
      // And the public storage route never serves a temporary file.
      for (const part of walk(path.join(uploads, '.tmp')).slice(0, 5)) {
        const res = await fetch(`${product.url}/api/storage/avatars/${path.basename(part)}`);
        expect(res.status).toBe(404);
      }
    } finally {
      db.close();
    }
  });
});

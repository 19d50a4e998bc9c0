// The physical-limit reference: a bare node:http server with no framework, validation, logging or serialisation
// schema. Run as a child: node bare-server.mjs FILE PORT. Two kinds of answer, so each of our routes is compared
// like with like:
//   /query/<name>   runs the same SQL as our uncached route on the same SQLite file, JSON.stringify()s the rows and,
//                   like ours, compresses them (brotli quality 4, from 1 KB) when the client accepts br;
//   /replay/<name>  sends the exact bytes (and headers) our server sent for a cached route, which the parent hands
//                   over by IPC ({ name, headers, body: base64 }) — the cost of HTTP alone.
import http from 'node:http';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const SQLite = require('better-sqlite3');
const [file, port] = process.argv.slice(2);
const db = new SQLite(file, { readonly: true });
db.pragma('busy_timeout = 5000');

const QUERIES = {
  testimonials: [
    db.prepare(
      'select id, text, author, title, avatar from testimonials where is_published = 1 order by created_at desc, id desc limit 20 offset 0',
    ),
    db.prepare('select count(*) as n from testimonials where is_published = 1'),
  ],
  volunteers: [
    db.prepare('select id, name, profile_image from volunteers where is_confirmed = 1 order by created_at desc, id desc limit 20 offset 0'),
    db.prepare('select count(*) as n from volunteers where is_confirmed = 1'),
  ],
  payments: [
    db.prepare(
      'select id, amount, name, email, phone, payment_type, transaction_status, transaction_id, receipt_number, created_at from payments where deleted_at is null order by created_at desc, id desc limit 20 offset 40',
    ),
    db.prepare("select n from row_counts where key = 'payments'"),
  ],
};

const replays = new Map();
process.on('message', (m) => {
  if (m?.replay) replays.set(m.replay.name, { headers: m.replay.headers, body: Buffer.from(m.replay.body, 'base64') });
});

http
  .createServer((req, res) => {
    const [, kind, name] = req.url.split('?')[0].split('/');
    if (kind === 'replay' && replays.has(name)) {
      const r = replays.get(name);
      res.writeHead(200, r.headers);
      res.end(r.body);
      return;
    }
    const q = kind === 'query' ? QUERIES[name] : undefined;
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    const body = Buffer.from(JSON.stringify(q[0].all()));
    const headers = { 'content-type': 'application/json; charset=utf-8', 'x-total-count': String(q[1].get().n) };
    if (body.length >= 1024 && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
      res.writeHead(200, { ...headers, 'content-encoding': 'br', vary: 'accept-encoding' });
      res.end(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
      return;
    }
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));

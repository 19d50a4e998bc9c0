// The physical-limit reference: a bare node:http server answering the same public list queries on the same
// SQLite file, with no framework, validation or serialisation schema. Run as a child: node bare-server.mjs FILE PORT.
import http from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SQLite = require('better-sqlite3');
const [file, port] = process.argv.slice(2);
const db = new SQLite(file, { readonly: true });
db.pragma('busy_timeout = 5000');

const QUERIES = {
  '/testimonials': [
    db.prepare(
      'select id, text, author, title, avatar from testimonials where is_published = 1 order by created_at desc, id desc limit 20 offset 0',
    ),
    db.prepare('select count(*) as n from testimonials where is_published = 1'),
  ],
  '/volunteers': [
    db.prepare('select id, name, profile_image from volunteers where is_confirmed = 1 order by created_at desc, id desc limit 20 offset 0'),
    db.prepare('select count(*) as n from volunteers where is_confirmed = 1'),
  ],
};

http
  .createServer((req, res) => {
    const q = QUERIES[req.url.split('?')[0]];
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.stringify(q[0].all());
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-total-count': String(q[1].get().n) });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));

// scripts/serve.py, as the tests and scripts/play.sh use it: the isolation
// headers on every file, and text, scripts, WebAssembly and the book sent
// gzip-compressed to a client that accepts it (as static hosts do), the same
// bytes once decompressed; a client without gzip gets the file as it is.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import test from 'node:test';
import zlib from 'node:zlib';
import { serveSite, SITE } from './lib.mjs';

// GET with the given Accept-Encoding; resolves with {status, headers, body} (body as sent).
function get(url, encoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('serve.py: gzip where accepted, the same bytes, the isolation headers', async () => {
  const server = await serveSite();
  try {
    for (const [file, url] of [['index.html', ''], ['app/main.js', 'app/main.js'], ['engine/gamesearch.wasm', 'engine/gamesearch.wasm'],
      ['book.bin', 'book.bin'], ['tree/index.html', 'tree/']]) {
      const original = fs.readFileSync(path.join(SITE, file));
      const zipped = await get(server.url + url, 'gzip, deflate, br');
      assert.equal(zipped.status, 200, file);
      assert.equal(zipped.headers['content-encoding'], 'gzip', `${file} is sent compressed`);
      assert.equal(zipped.headers.vary, 'Accept-Encoding', file);
      assert.equal(Number(zipped.headers['content-length']), zipped.body.length, file);
      assert.ok(zipped.body.length < original.length, `${file}: ${zipped.body.length} bytes < ${original.length}`);
      assert.ok(zlib.gunzipSync(zipped.body).equals(original), `${file}: the same bytes`);
      assert.equal(zipped.headers['cross-origin-embedder-policy'], 'require-corp', file);
      const plain = await get(server.url + url, '');
      assert.equal(plain.headers['content-encoding'], undefined, `${file} without gzip`);
      assert.ok(plain.body.equals(original), `${file}: as it is without gzip`);
    }
    assert.equal((await get(`${server.url}no-such-file.js`, 'gzip')).status, 404);
    assert.equal((await get(`${server.url}tree`, 'gzip')).status, 301, 'a folder without its slash is redirected');
  } finally {
    server.stop();
  }
});

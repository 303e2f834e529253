import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/plugins/external/compression.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/api/test-large', async (_request, reply) =>
        reply.header('X-Total-Count', '42').send({ items: 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 4) }),
      );
      app.get('/api/test-small', async () => ({ ok: true }));
    },
  });
});
afterAll(async () => t.close());

test('a large JSON answer is compressed with brotli, keeping its other headers', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/test-large', headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe('br');
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  expect(res.headers['x-total-count']).toBe('42');
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).items).toHaveLength(
    COMPRESSION_THRESHOLD_BYTES * 4,
  );
});

test('gzip when brotli is not accepted; nothing when no encoding is', async () => {
  const gzip = await t.app.inject({ method: 'GET', url: '/api/test-large', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toHaveProperty('items');

  const plain = await t.app.inject({ method: 'GET', url: '/api/test-large' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json()).toHaveProperty('items');
});

test('small answers and errors are sent as they are', async () => {
  const small = await t.app.inject({ method: 'GET', url: '/api/test-small', headers: { 'accept-encoding': 'br' } });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.json()).toEqual({ ok: true });

  const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-encoding': 'br' } });
  expect(missing.statusCode).toBe(404);
  expect(missing.headers['content-encoding']).toBeUndefined();
  expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('a real list endpoint still answers with its headers when compressed', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/products', headers: { 'accept-encoding': 'br' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-total-count']).toBeDefined();
  const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  expect(Array.isArray(JSON.parse(body))).toBe(true);
});

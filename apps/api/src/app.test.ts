import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorld, type TestApp, type World } from './test/harness';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

describe('hardening', () => {
  it('sends security headers and a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    const traced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(traced.headers['x-request-id']).toBe('trace-123');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(hostile.headers['x-request-id']).not.toBe('<script>');
  });

  it('lets the web app reach the monitoring collector only when one is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
    const monitored = await createTestApp({ MONITORING_ORIGIN: 'https://collector.example/api/1' });
    try {
      const res = await monitored.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['content-security-policy']).toMatch(/connect-src 'self' https:\/\/collector\.example(;|$)/);
    } finally {
      await monitored.close();
    }
  });

  it('sends no CORS headers unless origins are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const open = await createTestApp({ CORS_ORIGINS: 'https://portal.example' });
    try {
      const allowed = await open.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://portal.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example');
      const other = await open.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/nope not found' });
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Bad Request');
    const huge = await t.request(w.systemAdmin, {
      method: 'POST',
      url: '/api/admin/companies',
      payload: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a body that is not a JSON object or not valid UTF-8, and changes nothing', async () => {
    const count = async () => (await t.request(w.systemAdmin, { method: 'GET', url: '/api/admin/companies' })).json().meta.total;
    const before = await count();
    for (const [type, payload] of [
      ['text/plain', 'name=Sneaky'],
      ['application/json', Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
      ['application/json', '["name"]'],
    ] as const) {
      const res = await t.request(w.systemAdmin, {
        method: 'POST',
        url: '/api/admin/companies',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/admin/auth/login', '/api/admin/admins/{id}', '/api/health']));
    expect(doc.paths['/api/admin/roles'].post.requestBody).toBeDefined();
  });

  it('hides the cause of an unexpected failure', async () => {
    const broken = await createTestApp();
    try {
      const user = await broken.createUser({ roles: ['System Admin'] });
      await broken.database.close();
      const res = await broken.request(user, { method: 'GET', url: '/api/admin/companies' });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.body).not.toMatch(/select|stack|at .*\.ts|closed/i);
      expect(res.json().message).toBe('An unexpected error occurred. It has been logged.');
    } finally {
      await broken.app.close();
    }
  });
});

describe('serving the single-page app', () => {
  it('answers app paths with index.html, assets with long caching, and a missing asset with 404', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{"index.html":{}}');
    const spa = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      for (const url of ['/', '/events/3/exhibitor/4', '/users/12?page=2']) {
        const page = await spa.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>Portal</title>');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      // Added after start, as a rebuild would: still served.
      writeFileSync(join(dist, 'assets', 'late-5678.js'), 'console.log(2)');
      const asset = await spa.app.inject({ method: 'GET', url: '/assets/late-5678.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await spa.app.inject({ method: 'GET', url: '/assets/gone-0000.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Route GET /assets/gone-0000.js not found');
      expect((await spa.app.inject({ method: 'GET', url: '/api/nothing' })).json().statusCode).toBe(404);
      const manifest = await spa.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
      expect(manifest.statusCode).toBe(404);
      expect(manifest.body).not.toContain('index.html');
    } finally {
      await spa.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("serves the scanning pages' service worker and the door app's manifest uncached, with their types, and lets its QR reader run", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(join(dist, 'scanner-sw.js'), "self.addEventListener('fetch', () => {});");
    writeFileSync(join(dist, 'check-in.webmanifest'), '{"name":"Check-in"}');
    const spa = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const worker = await spa.app.inject({ method: 'GET', url: '/scanner-sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      // A worker cached for long would keep an old version on the door devices.
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await spa.app.inject({ method: 'GET', url: '/check-in.webmanifest' });
      expect(manifest.headers['content-type']).toContain('application/manifest+json');
      expect(manifest.headers['cache-control']).toBe('no-cache');
      const page = await spa.app.inject({ method: 'GET', url: '/check-in/pair' });
      expect(page.body).toContain('<title>Portal</title>');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
      expect(page.headers['content-security-policy']).toMatch(/frame-src 'self' blob:(;|$)/);
    } finally {
      await spa.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("sends the build's brotli or gzip copy of an asset to a browser that accepts it", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
    const source = `export const words = ${JSON.stringify('portal '.repeat(2000))};`;
    writeFileSync(join(dist, 'assets', 'app-1234.js'), source);
    writeFileSync(join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(source));
    writeFileSync(join(dist, 'assets', 'app-1234.js.gz'), gzipSync(source));
    const spa = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const get = (encoding: string) =>
        spa.app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': encoding } });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);
      const gzip = await get('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(source);
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);
    } finally {
      await spa.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

// The JavaScript the login page loads before it is usable, as the production server sends it.
// Part of the benchmark (run.ts); alone, against a server already running:
//   npx tsx bench/login-js.ts http://localhost:3498
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { WEB_DIST } from './web-dist';

type ManifestChunk = { file: string; imports?: string[] };
type Sent = { file: string; bytes: number; encoding: string; cache: string };

/** Bytes on the wire for one GET, as a browser accepting brotli and gzip receives them. */
function bytesSent(address: string, file: string): Promise<Sent> {
  const url = `${address}/${file}`;
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          file,
          bytes,
          encoding: String(res.headers['content-encoding'] ?? 'none'),
          cache: String(res.headers['cache-control']),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The files a browser loads before the login page is usable: the entry and its static imports, then
 * the login page's chunk and its static imports, from the build manifest; null before a build.
 */
function loginPageFiles(): string[] | null {
  const manifestFile = `${WEB_DIST}.vite/manifest.json`;
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  visit('src/features/auth/pages/login-page.tsx');
  return [...files];
}

/** Each login page file as the server at `address` sends it, largest first; null before a build. */
export async function loginPageJsFiles(address: string): Promise<Sent[] | null> {
  const files = loginPageFiles();
  if (!files) return null;
  const sent = await Promise.all(files.map((file) => bytesSent(address, file)));
  return sent.sort((a, b) => b.bytes - a.bytes);
}

/** The login page's JavaScript in one line, beside its aim. */
export function describeLoginPageJs(sent: Sent[] | null): string {
  if (!sent) return 'skipped: run `npm run build` first';
  const bytes = sent.reduce((sum, one) => sum + one.bytes, 0);
  const encodings = [...new Set(sent.map((one) => one.encoding))].join(', ');
  const caching = [...new Set(sent.map((one) => one.cache))].join(', ');
  return `${(bytes / 1024).toFixed(1)} KiB (${bytes} bytes, ${(bytes / 1000).toFixed(1)} kB) sent over HTTP (${encodings}) in ${sent.length} file(s); cache-control: ${caching} (aim: at most 100 KB)`;
}

/** The line the bench prints for the login page, from the server at `address`. */
export async function loginPageJs(address: string): Promise<string> {
  return describeLoginPageJs(await loginPageJsFiles(address));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const address = process.argv[2] ?? 'http://localhost:3000';
  const sent = await loginPageJsFiles(address);
  for (const one of sent ?? [])
    console.log(`${(one.bytes / 1024).toFixed(1).padStart(7)} KiB  ${one.encoding.padEnd(4)}  ${one.file}`);
  console.log(`Login page JavaScript: ${describeLoginPageJs(sent)}`);
}

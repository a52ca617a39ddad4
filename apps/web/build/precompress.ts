import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|wasm)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes a compressed copy beside a file when it is smaller: a tiny file can come out larger. */
function writeIfSmaller(file: string, original: Buffer, compressed: Buffer) {
  if (compressed.length < original.length) writeFileSync(file, compressed);
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the highest
 * levels, once: the server then sends them as they are instead of compressing on every request.
 * Small chunks count too: the login page loads a dozen of under 1 KB, which brotli halves.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes('/.vite/')) continue;
        const bytes = readFileSync(file);
        writeIfSmaller(
          `${file}.br`,
          bytes,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeIfSmaller(`${file}.gz`, bytes, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

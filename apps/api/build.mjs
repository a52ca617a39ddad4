// Bundles the API and the shared package it imports into dist/; the API's npm dependencies stay
// external and load from node_modules. Migrations are copied beside the bundle.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@portal/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync('dist', { recursive: true, force: true });
await build({
  // The PDF workers load their own module beside the server's (features/invoices/pdf-workers.ts).
  entryPoints: { server: 'src/server.ts', 'create-admin': 'src/cli/create-admin.ts', 'pdf-worker': 'src/features/invoices/pdf-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });

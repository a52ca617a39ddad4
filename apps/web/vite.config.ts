import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

// In development the API runs on its own port (3001) and the dev server forwards /api to it,
// so the browser sees one origin exactly as in production.
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 3000,
    proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://localhost:3001', changeOrigin: false } },
  },
  // The manifest lets the benchmark weigh exactly what the login page loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
});

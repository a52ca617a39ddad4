// Development: the API on port 3001 (reloading on change) and Vite on port 3000, which proxies
// /api to it. Both stop together.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const env = { ...process.env, PORT: process.env.API_PORT ?? '3001', DATA_DIR: resolve(process.env.DATA_DIR ?? 'data') };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@portal/api'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@portal/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) child.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

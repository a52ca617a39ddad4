import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
const path = process.argv[2] ?? '/api/admin/exhibitor-users?eventId=1&per_page=50';
const seconds = Number(process.argv[3] ?? 8);
const prof = process.env.PROF === '1';
const child = spawn(process.execPath, [...(prof ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof2'] : []), '/work/main/apps/api/dist/server.js'], {
  env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal_perf', APP_SECRET: 'bench-secret-bench-secret-bench-secret-42', HOST: '127.0.0.1', PORT: '3451', WEB_DIST_DIR: '/work/main/apps/web/dist' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = 'http://127.0.0.1:3451';
for (let i = 0; i < 100; i++) { if (await fetch(base + '/api/health').then(r => r.ok).catch(() => false)) break; await new Promise(r => setTimeout(r, 100)); }
const login = await fetch(base + '/api/admin/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench-root@bench.example', password: 'Bench-Root-2027' }) });
const { token } = await login.json() as { token: string };
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const call = () => new Promise<void>((resolve, reject) => { const req = request(base + path, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => { res.resume(); res.on('end', () => res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))); }); req.on('error', reject); req.end(); });
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return [Number(f[11]) * 10, Number(f[12]) * 10]; };
for (let i = 0; i < 300; i++) await call();
const before = cpu();
const lat: number[] = []; let n = 0;
const end = performance.now() + seconds * 1000;
await Promise.all(Array.from({ length: 8 }, async () => { while (performance.now() < end) { const s = performance.now(); await call(); lat.push(performance.now() - s); n++; } }));
const after = cpu(); console.log(`user ${((after[0]-before[0])/n).toFixed(2)} ms/call, system ${((after[1]-before[1])/n).toFixed(2)} ms/call`);
lat.sort((a, b) => a - b);
console.log(`${path}: ${(n / seconds).toFixed(0)} req/s, p50 ${lat[Math.floor(n / 2)]!.toFixed(1)} ms, p95 ${lat[Math.floor(n * 0.95)]!.toFixed(1)} ms`);
child.kill('SIGTERM'); await once(child, 'exit');
agent.destroy();

// Load for the benches that drive the built API over HTTP from this process (check-in.ts, leads.ts):
// concurrent loops timing each call, their percentiles, and one call over a kept-alive connection.
import { readFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';

/** Seconds each measured run lasts, after a one-second warm-up. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** CPU time a process has used so far (user + system), in ms, from /proc. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export type Latencies = { count: number; seconds: number; p50: number; p95: number; p99: number };

function summarise(samples: number[], seconds: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { count: sorted.length, seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const describeLatencies = (r: Latencies) =>
  `${r.count} calls in ${r.seconds} s (${(r.count / r.seconds).toFixed(0)}/s), p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;

/**
 * Runs `task` from `concurrency` loops for SECONDS after a one-second warm-up, timing each call.
 * Without `paceMs` each loop calls again as soon as answered (the most the server can do, so the
 * latency is mostly queueing); with it each loop starts a call every `paceMs`, as a scanner does.
 */
export async function drive(concurrency: number, task: (loop: number) => Promise<void>, paceMs = 0): Promise<Latencies> {
  const run = async (seconds: number, samples: number[] | null) => {
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_v, loop) => {
        // Loops start spread over one pace, as scanners do not scan in step.
        if (paceMs) await new Promise((resolve) => setTimeout(resolve, (paceMs * loop) / concurrency));
        while (performance.now() < end) {
          const start = performance.now();
          await task(loop);
          samples?.push(performance.now() - start);
          const rest = paceMs - (performance.now() - start);
          if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        }
      }),
    );
  };
  await run(1, null);
  const samples: number[] = [];
  await run(SECONDS, samples);
  return summarise(samples, SECONDS);
}

export type Answer = { status: number; bytes: number; body: Buffer; firstByteMs: number };

export function call(
  agent: Agent,
  address: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(path, address);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        const firstByteMs = performance.now() - start;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, bytes: all.length, body: all, firstByteMs });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: 3000, HEADERS_TIMEOUT_MS: 2000, KEEP_ALIVE_TIMEOUT_MS: 1000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/**
 * Opens a raw connection, writes `head` at once and then `trickle` one byte every 500 ms, and
 * resolves when the server closes the connection: with what it answered and after how long.
 */
async function trickle(
  head: string,
  rest: string,
  giveUpMs = 20_000,
): Promise<{ answer: string; afterMs: number; bytesSent: number }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const started = Date.now();
  let answer = '';
  let bytesSent = 0;
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.on('error', () => {});
  socket.write(head);
  const timer = setInterval(() => {
    if (bytesSent < rest.length && !socket.destroyed) socket.write(rest[bytesSent++]!);
  }, 500);
  const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
  await once(socket, 'close');
  clearInterval(timer);
  clearTimeout(giveUp);
  return { answer, afterMs: Date.now() - started, bytesSent };
}

describe('slow clients', () => {
  it('an upload whose body trickles in is answered 408 and closed once the request time-out passes', async () => {
    const boundary = '----slow-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${'x'.repeat(200)}\r\n--${boundary}--\r\n`;
    const head = [
      'POST /api/admin/bulk-upload/exhibitors HTTP/1.1',
      'Host: localhost',
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Authorization: Bearer ${(await t.createUser({ roles: ['System Admin'] })).token}`,
      '',
      '',
    ].join('\r\n');
    const { answer, afterMs, bytesSent } = await trickle(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // Closed while the client was still sending, between the time-out and a generous bound.
    expect(bytesSent).toBeLessThan(body.length);
    expect(afterMs).toBeGreaterThanOrEqual(2500);
    expect(afterMs).toBeLessThan(10_000);
  });

  it('headers that trickle in are answered 408 and closed once the headers time-out passes', async () => {
    const { answer, afterMs, bytesSent } = await trickle(
      'GET /api/health HTTP/1.1\r\n',
      `Host: localhost\r\nX-Slow: ${'y'.repeat(100)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bytesSent).toBeLessThan(100);
    expect(afterMs).toBeLessThan(10_000);
  });

  it('an idle kept-alive connection is closed after the keep-alive time-out', async () => {
    const { answer, afterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', '');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/Keep-Alive: timeout=1/i);
    expect(afterMs).toBeLessThan(10_000);
  });
});

describe('time-out settings', () => {
  it('default to two minutes for a request, 15 s for its headers, 10 s for an idle connection, 30 s to drain', () => {
    expect(loadConfig({})).toMatchObject({
      REQUEST_TIMEOUT_MS: 120_000,
      HEADERS_TIMEOUT_MS: 15_000,
      KEEP_ALIVE_TIMEOUT_MS: 10_000,
      SHUTDOWN_TIMEOUT_MS: 30_000,
    });
  });

  it('refuse a headers time-out longer than the request time-out, naming it', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});

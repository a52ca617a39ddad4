import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fallbackSummary, SUMMARIES } from './lib/openapi';
import { createTestApp, type TestApp } from './test/harness';

type Problem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

const run = promisify(execFile);
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'portal-openapi-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** The linter's problems with the document, by its recommended rules. */
async function lint(document: unknown): Promise<Problem[]> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  const { stdout } = await run(process.execPath, [cli, 'lint', file, '--format', 'json', '--max-problems', '1000', '--extends', 'recommended'], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 20 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

describe('OpenAPI document', () => {
  it('passes the linter’s recommended rules without an error', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const problems = await lint(document);
    const describe = (p: Problem) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    // The only warnings left: a health check and two file downloads without a 4xx body of their own.
    expect(problems.filter((p) => p.ruleId !== 'operation-4xx-response').map(describe)).toEqual([]);
  }, 60_000);

  it('lets public routes be called without a token, takes a session’s or an API token elsewhere, and a session’s alone where tokens are refused', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'ept_ API token' });
    for (const { method, url, access, sessionOnly } of t.app.routeTable) {
      const operation = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation, `${method} ${url}`).toBeDefined();
      const expected = { public: [], device: [{ device: [] }] } as Record<string, unknown>;
      const sessionAlone = sessionOnly === true && access.kind !== 'public' ? [{ bearer: [] }] : undefined;
      expect(operation.security, `${method} ${url}`).toEqual(expected[access.kind] ?? sessionAlone);
      expect(operation.tags?.length, `${method} ${url}`).toBeGreaterThan(0);
    }
  });

  it('describes every operation in words of its own, under its feature’s tag', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = t.app.routeTable.map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    const undescribed = operations.filter((operation) => {
      const [method, path] = operation.split(' ') as [string, string];
      return document.paths[path][method.toLowerCase()].summary === fallbackSummary(method, path);
    });
    expect(undescribed).toEqual([]);
    const tags = operations.flatMap((operation) => {
      const [method, path] = operation.split(' ') as [string, string];
      return document.paths[path][method.toLowerCase()].tags as string[];
    });
    // Tags are feature names as the feature folders spell them.
    expect([...new Set(tags)].filter((tag) => !/^[a-z]+(-[a-z]+)*$/.test(tag))).toEqual([]);
    // A line left behind by a renamed or removed route describes nothing.
    expect(Object.keys(SUMMARIES).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('lists a file download as binary content of its media type, not JSON', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, mediaType] of [
      ['/api/admin/allocation-purchases/{id}/invoice.pdf', 'application/pdf'],
      ['/api/admin/credit-notes/{id}.pdf', 'application/pdf'],
      ['/api/admin/events/{eventId}/invoices.zip', 'application/zip'],
    ] as const) {
      expect(document.paths[path].get.responses['200'].content, path).toEqual({
        [mediaType]: { schema: { type: 'string', format: 'binary' } },
      });
    }
  });
});

import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckInList, pairTestDevice } from './features/check-in/check-in-fixtures';
import { createTestApp, createWorld, type TestApp, type TestUser, type World } from './test/harness';

/**
 * Random and boundary input on every route of the server, as a system administrator and, on public
 * routes, anonymously: whatever is sent, the answer is never a 500. The names of each route's
 * path, query and body fields come from the server's own OpenAPI document, so that the values land
 * where the schemas and services look.
 */

const RUNS_PER_ROUTE = 10;

const BOUNDARY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00',
  '\uDC00\uD800',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '-__proto__',
  '0x0c',
  ' 12',
  '12 ',
  '1.2e1',
  '012',
  '+12',
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '',
  ' ',
  'a'.repeat(10_000),
  '%',
  '%00',
  '%ED%A0%80',
  '\\',
  "'; select 1; --",
  '../../etc/passwd',
  'true',
  'null',
  '[]',
  '{}',
  '2027-02-30',
  '0000-01-01',
  '-5',
  'a@b',
];
const BOUNDARY_NUMBERS = [1e308, -1e308, -1, 0, -0, 0.5, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1, 2, 3];

const text = fc.oneof(fc.constantFrom(...BOUNDARY_STRINGS), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const scalar = fc.oneof(text, fc.constantFrom(...BOUNDARY_NUMBERS), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const key = (known: string[]) => fc.oneof(fc.constantFrom(...known, '__proto__', 'constructor', 'prototype'), fc.string({ maxLength: 10 }));

function deeplyNested(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key(['id', 'value']), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A value where a field is expected: mostly scalars, sometimes an array, an object or a deep nest. */
const fieldValue = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 2, arbitrary: json },
  { weight: 1, arbitrary: fc.constantFrom(deeplyNested(100), deeplyNested(3)) },
);

// A path or query string carries text only; a lone surrogate cannot be percent-encoded and is sent
// as the bytes a careless client would send.
const encode = (value: unknown) => {
  const raw = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return encodeURIComponent(raw.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
};

type JsonSchema = { type?: string; enum?: unknown[]; pattern?: string; minimum?: number; minLength?: number; minItems?: number; required?: string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Field = { name: string; schema: JsonSchema; required: boolean };
type Operation = { method: string; url: string; pathParams: string[]; pathValid: string[]; query: Field[]; body: Field[] | null };

/** Ids of real records by field name, so that a request reaches the database and not just a 404. */
const knownIds: Record<string, number> = {};

/** A value the field's schema accepts, so that a request gets past every field but the one mutated. */
function plausible(schema: JsonSchema, name: string): unknown {
  if (knownIds[name] !== undefined) return knownIds[name];
  const s = schema.anyOf?.[0] ?? schema;
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return s.items && s.minItems ? [plausible(s.items, name)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]));
    default:
      if (/email/i.test(name)) return `fuzz${Math.random().toString(36).slice(2, 8)}@fuzz.example`;
      if (/date|At$|From$|To$/.test(name)) return '2027-03-16';
      if (/password/i.test(name)) return 'Fuzz-Password-2027';
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
  }
}

const DEEP_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;

function requestArbitrary(op: Operation) {
  const pathValues = fc.tuple(...op.pathParams.map(() => fc.oneof(text, fc.constantFrom(...BOUNDARY_NUMBERS).map(String), fc.constant('1'))));
  const queryNames = op.query.map((f) => f.name);
  const baseQuery = () => Object.fromEntries(op.query.filter(() => Math.random() < 0.5).map((f) => [f.name, plausible(f.schema, f.name)]));
  const query = fc
    .array(fc.tuple(key(queryNames), fc.oneof(fieldValue, fc.array(text, { maxLength: 3 }))), { minLength: 1, maxLength: 3 })
    .map((mutations) => [...Object.entries(baseQuery()), ...mutations] as [string, unknown][]);
  const bodyFields = op.body ?? [];
  const baseBody = () => Object.fromEntries(bodyFields.map((f) => [f.name, plausible(f.schema, f.name)]));
  const body: fc.Arbitrary<string | undefined> =
    op.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          {
            weight: 8,
            arbitrary: fc
              .array(fc.tuple(key(bodyFields.map((f) => f.name).concat('id')), fieldValue), { minLength: 1, maxLength: 2 })
              .map((mutations) => {
                const result: Record<string, unknown> = baseBody();
                for (const [name, value] of mutations) Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
                return JSON.stringify(result);
              }),
          },
          { weight: 1, arbitrary: json.map((value) => JSON.stringify(value) ?? 'null') },
          { weight: 1, arbitrary: fc.constant(DEEP_JSON) },
        );
  return fc.record({ pathValues, query, body });
}

/** The values every route meets at least once, on every path parameter, on its text fields and on its other fields. */
const SWEEP: unknown[] = ['a\u0000b', 'x\uD800', '__proto__', '0x0c', ' 12', '1.2e1', '-1', 1e308, -1, 'a'.repeat(10_000), [], { id: 1 }];
const isText = (schema: JsonSchema) => !schema.type || (schema.type === 'string' && !schema.enum);

type Example = { pathValues: string[]; query: [string, unknown][]; body: string | undefined };
const UNSTORABLE = ['a\u0000b', 'x\uD800'];
const EXTREMES = [1e308, -1];

/**
 * Deterministic examples: each value of the sweep in every path parameter, in every text field and
 * in every other field at once; then NUL and a lone surrogate in each text field on its own, and
 * 1e308 and -1 in each other field on its own, the rest valid, since one invalid field stops a
 * request before it reaches the database.
 */
function sweep(op: Operation): Example[] {
  const examples: Example[] = [];
  // Only the required fields besides the mutated ones: an optional field's format (a phone number,
  // a pattern) could fail validation and stop the request before the database.
  const plain = (fields: Field[]) => Object.fromEntries(fields.filter((f) => f.required).map((f) => [f.name, plausible(f.schema, f.name)]));
  const example = (pick: (f: Field) => boolean, value: unknown, inPath: boolean): Example => ({
    pathValues: op.pathParams.map(() => (inPath ? String(value) : '1')),
    query: Object.entries({ ...plain(op.query), ...Object.fromEntries(op.query.filter(pick).map((f) => [f.name, value])) }),
    body:
      op.body && op.method !== 'GET'
        ? JSON.stringify({ ...plain(op.body), ...Object.fromEntries(op.body.filter(pick).map((f) => [f.name, value])) })
        : undefined,
  });
  for (const value of SWEEP) {
    // An email field keeps its valid address here, so that the other text fields reach the service.
    examples.push(example((f) => isText(f.schema) && !/email/i.test(f.name), value, true), example((f) => !isText(f.schema), value, false));
  }
  for (const field of [...op.query, ...(op.body ?? [])]) {
    for (const value of isText(field.schema) ? UNSTORABLE : EXTREMES) examples.push(example((f) => f === field, value, false));
  }
  return examples;
}

const FORM_BOUNDARY = '----portal-fuzz-boundary';

/** The operation's body as a multipart form (text fields only), every text field holding `value`, plus any `extra` parts. */
function multipartForm(op: Operation, value: string, extra: Record<string, string> = {}) {
  const fields = (op.body ?? []).map((f) => {
    const plain = plausible(f.schema, f.name);
    return [f.name, isText(f.schema) ? value : typeof plain === 'string' ? plain : JSON.stringify(plain)] as const;
  });
  fields.push(...Object.entries(extra));
  const parts = fields.map(([name, text]) => `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`);
  return {
    payload: Buffer.from(`${parts.join('')}--${FORM_BOUNDARY}--\r\n`, 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
  };
}

function buildUrl(op: Operation, pathValues: string[], query: [string, unknown][]): string {
  let i = 0;
  const path = op.url.replace(/:(\w+)/g, () => encode(pathValues[i++]) || 'x');
  const pairs = query.flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${encode(name)}=${encode(v)}`));
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

let t: TestApp;
let w: World;
let operations: (Operation & { isPublic: boolean; isDevice: boolean })[];
/** A supervisor's check-in device of event A: the caller of the device routes, which take no person's token. */
let device: TestUser;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ADDRESS: 1_000_000, LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 1_000_000 });
  w = await createWorld(t);
  Object.assign(knownIds, {
    eventId: w.eventA,
    badgeCategoryId: w.categoryA,
    companyId: w.companyA,
    exhibitorId: w.exhibitorA.id,
    adminId: w.exhibitorA.id,
    listId: await createCheckInList(t, w.eventA),
  });
  device = await pairTestDevice(t, { eventId: w.eventA, listIds: [knownIds.listId!], role: 'supervisor', createdBy: w.eventAdminA.id });
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  operations = t.app.routeTable.map(({ method, url, access }) => {
    const entry = document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()] ?? {};
    const bodySchema = entry.requestBody?.content?.['application/json']?.schema;
    return {
      method,
      url,
      isPublic: access.kind === 'public',
      isDevice: access.kind === 'device',
      pathParams: [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      // A value each path parameter takes: one of its names, an id, or a token of the shape its pattern asks for.
      pathValid: [...url.matchAll(/:(\w+)/g)].map((m) => {
        const schema = entry.parameters?.find((p) => p.in === 'path' && p.name === m[1])?.schema;
        if (schema?.enum?.length) return String(schema.enum[0]);
        return schema?.pattern && !new RegExp(schema.pattern).test('1') ? 'A'.repeat(24) : '1';
      }),
      query: (entry.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
      body: bodySchema
        ? Object.entries(bodySchema.properties ?? {}).map(([name, schema]) => ({ name, schema, required: Boolean(bodySchema.required?.includes(name)) }))
        : null,
    };
  });
}, 60_000);
afterAll(() => t.close());

/**
 * Who sends a route's input: its device for a device route, an exhibitor for the exhibitor's lead
 * routes (which answer anyone else 403 before reading what was sent), else a system admin.
 */
async function callerOf(op: Operation & { isDevice: boolean }): Promise<TestUser> {
  if (op.isDevice) return device;
  if (op.url === '/api/leads' || op.url.startsWith('/api/leads/')) return w.exhibitorA;
  return t.createUser({ roles: ['System Admin'] });
}

/** A field no route takes. */
const STRAY = 'strayField';
/** Routes that read their body as the sender's signed bytes: its fields are the sender's (Stripe's), not the API's. */
const RAW_BODY = new Set(['POST /api/webhooks/stripe']);
const namesStray = (body: string) => {
  try {
    const details = (JSON.parse(body) as { details?: { field: string; message: string }[] }).details ?? [];
    return details.some((d) => d.field === STRAY && d.message === 'Unexpected field');
  } catch {
    return false;
  }
};

// First: the random input below may change the system administrators' role.
describe('every route and the fields it does not take', () => {
  it('refuses a field it does not take with 400 naming it, in JSON, form and query alike, and takes every field it documents', async () => {
    const failures: string[] = [];
    const all = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, plausible(f.schema, f.name)]));
    for (const op of operations) {
      const admin = await callerOf(op);
      const url = (query: Record<string, unknown>) => buildUrl(op, op.pathValid, Object.entries(query));
      const send = (target: string, extra: object = {}) => t.request(admin, { method: op.method as HTTPMethods, url: target, ...extra });
      const json = (body: object) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      const hasBody = op.method !== 'GET' && op.body !== null;
      const documented = await send(url(all(op.query)), hasBody ? json(all(op.body!)) : {});
      if (documented.body.includes('Unexpected field')) failures.push(`${op.method} ${op.url} refuses a documented field: ${documented.body.slice(0, 200)}`);

      const inQuery = await send(url({ ...all(op.query), [STRAY]: '1' }), hasBody ? json(all(op.body!)) : {});
      if (inQuery.statusCode !== 400 || !namesStray(inQuery.body)) failures.push(`${op.method} ${op.url} query → ${inQuery.statusCode} ${inQuery.body.slice(0, 200)}`);
      // A route without a body takes no field either.
      if (op.method === 'GET' || RAW_BODY.has(`${op.method} ${op.url}`)) continue;

      const inJson = await send(url({}), json({ ...all(op.body ?? []), [STRAY]: 1 }));
      if (inJson.statusCode !== 400 || !namesStray(inJson.body)) failures.push(`${op.method} ${op.url} JSON → ${inJson.statusCode} ${inJson.body.slice(0, 200)}`);
      // A route that reads no form refuses any as a missing body; one that reads forms names the part.
      const inForm = await send(url({}), multipartForm(op, 'x', { [STRAY]: '1' }));
      const readsNoForm = inForm.statusCode === 400 && inForm.json<{ details?: { field: string }[] }>().details?.[0]?.field === 'body';
      if (inForm.statusCode !== 400 || !(namesStray(inForm.body) || readsNoForm)) {
        failures.push(`${op.method} ${op.url} form → ${inForm.statusCode} ${inForm.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('every route under random and boundary input', () => {
  it('never answers 500', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      // A fresh administrator per route, so that one route disabling or deleting its caller does
      // not leave the routes after it answering 401.
      const admin = await callerOf(op);
      const callers: (TestUser | null)[] = op.isPublic ? [admin, null] : [admin];
      const examples = sweep(op).map((example): [Example, TestUser | null] => [example, callers.at(-1)!]);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), fc.constantFrom(...callers), async ({ pathValues, query, body }, caller) => {
          const url = buildUrl(op, pathValues, query);
          const res = await t.request(caller, {
            method: op.method as HTTPMethods,
            url,
            ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
          });
          if (res.statusCode >= 500) {
            failures.push(`${op.method} ${url.slice(0, 300)} ${body?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            return false;
          }
          return true;
        }),
        // Examples count among the runs: the random ones come on top of the sweep.
        { numRuns: examples.length + RUNS_PER_ROUTE, endOnFailure: true, examples },
      ).catch((error: unknown) => failures.push(`${op.method} ${op.url}: ${String(error).slice(0, 600)}`));
      // The same text fields sent as a multipart form, as the badge forms may be.
      if (op.body && op.method !== 'GET') {
        for (const value of [...UNSTORABLE, '__proto__']) {
          const url = buildUrl(op, op.pathParams.map(() => '1'), []);
          const res = await t.request(admin, { method: op.method as HTTPMethods, url, ...multipartForm(op, value) });
          if (res.statusCode >= 500) failures.push(`${op.method} ${url} multipart ${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    if (failures.length) throw new Error(`500 answers:\n${failures.join('\n')}`);
  }, 240_000);
});

import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from './errors';

/** The refusal of a field a route does not take, in JSON, form and query alike. */
export const UNEXPECTED_FIELD = 'Unexpected field';

/** The `preValidation` hooks that read a form (lib/multipart-form.ts): a route without one refuses multipart bodies. */
export const formReaders = new WeakSet<object>();

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & {
  shape?: Record<string, Schema>;
  catchall?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  options?: Schema[];
  discriminator?: string;
  left?: Schema;
  right?: Schema;
  valueType?: Schema;
  getter?: () => Schema;
};

const defOf = (schema: Schema) => schema._zod.def as Def;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * The paths of the fields in `data` that `schema` does not name, at any depth: a key of an object
 * the schema's object does not have (unless it takes any key, as a record or a catch-all does).
 * Only the shape is compared; the values are the schema's own business.
 */
export function unknownFields(schema: Schema, data: unknown, path: string[] = []): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isRecord(data)) return [];
      const shape = def.shape ?? {};
      const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
      return Object.keys(data).flatMap((key) => {
        if (Object.hasOwn(shape, key)) return unknownFields(shape[key]!, data[key], [...path, key]);
        return open ? unknownFields(def.catchall!, data[key], [...path, key]) : [[...path, key].join('.')];
      });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return unknownFields(def.innerType!, data, path);
    case 'pipe':
      // A preprocess changes the input before its schema sees it: the shape is the output's.
      return unknownFields(defOf(def.in!).type === 'transform' ? def.out! : def.in!, data, path);
    case 'lazy':
      return unknownFields(def.getter!(), data, path);
    case 'array':
      return Array.isArray(data) ? data.flatMap((item, i) => unknownFields(def.element!, item, [...path, String(i)])) : [];
    case 'tuple':
      return Array.isArray(data)
        ? data.flatMap((item, i) => {
            const itemSchema = def.items![i] ?? def.rest;
            return itemSchema ? unknownFields(itemSchema, item, [...path, String(i)]) : [];
          })
        : [];
    case 'record':
      return isRecord(data) ? Object.entries(data).flatMap(([key, value]) => unknownFields(def.valueType!, value, [...path, key])) : [];
    case 'intersection': {
      // A field either side names is known.
      const right = new Set(unknownFields(def.right!, data, path));
      return unknownFields(def.left!, data, path).filter((field) => right.has(field));
    }
    case 'union':
      return unknownInUnion(def, data, path);
    default:
      return [];
  }
}

/**
 * A union: the option the discriminator picks, else the option that leaves the fewest fields
 * unknown (none when any option names them all).
 */
function unknownInUnion(def: Def, data: unknown, path: string[]): string[] {
  const options = def.options ?? [];
  if (def.discriminator && isRecord(data)) {
    const value = data[def.discriminator];
    const picked = options.find((option) => option._zod.propValues?.[def.discriminator!]?.has(value as never));
    if (picked) return unknownFields(picked, data, path);
  }
  let fewest: string[] | null = null;
  for (const option of options) {
    const found = unknownFields(option, data, path);
    if (found.length === 0) return [];
    if (!fewest || found.length < fewest.length) fewest = found;
  }
  return fewest ?? [];
}

/** What the validator (lib/input-guard.ts) answers to a body a route cannot read. */
export const NO_BODY_MESSAGE = 'Send a JSON object (or the multipart form this route reads)';

const isFormReader = (hook: unknown) => typeof hook === 'function' && formReaders.has(hook);

/**
 * The other half of one rule for every route (the validator applies it where a route has a body or
 * query schema): a route without a query schema takes no query parameter, one without a body schema
 * no body field, and one that reads no form no multipart body. Each is refused with 400 naming the
 * field, as the validator does, instead of being ignored. A body a route's own parser keeps as bytes
 * (the Stripe webhook's) is that route's to read.
 */
export function refuseUntakenInput(api: FastifyInstance): void {
  const readsForms = new Set<string>();
  const key = (method: unknown, url: unknown) => `${String(method)} ${String(url)}`;
  api.addHook('onRoute', (route: RouteOptions) => {
    const hooks = Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    if (hooks.some(isFormReader)) for (const method of [route.method].flat()) readsForms.add(key(method, route.url));
  });
  api.addHook('preValidation', async (request) => {
    const { schema, method, url } = request.routeOptions;
    if (request.isMultipart() && !readsForms.has(key(method, url))) throw ValidationError.field('body', NO_BODY_MESSAGE);
    const refuse = (fields: string[]) => {
      if (fields.length > 0) throw new ValidationError(`${fields[0]}: ${UNEXPECTED_FIELD}`, fields.map((field) => ({ field, message: UNEXPECTED_FIELD })));
    };
    if (!schema?.querystring) refuse(Object.keys((request.query as Record<string, unknown> | undefined) ?? {}));
    if (!schema?.body && isRecord(request.body)) refuse(Object.keys(request.body));
  });
}

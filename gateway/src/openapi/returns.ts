import { ApiExtension, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS, type ResponseSchemaName } from '@shop/contracts';

/**
 * What a success answer carries, declared once at its route: the type of the envelope's `data` by its name in
 * libs/contracts' response-types.ts (a contract type, or the reply of the bus subject the route forwards), or a
 * body that is not JSON (a stylesheet, an image, an event stream).
 */
export type Answer =
  | {
      /** the `data` of the envelope; null: `{data: null}` */
      data: ResponseSchemaName | null;
      /** 'array': `data` is an array of it; 'list': and the paging in `meta` */
      many?: 'array' | 'list';
      /** the success status, where the handler's own is not in the document yet (see describeAnswers) */
      status?: number;
      description?: string;
    }
  | {
      media: readonly string[];
      description: string;
      status?: number;
      /** the body's schema: a contract type's, or its own; default: text or bytes */
      schema?: ResponseSchemaName | SchemaObject;
    };

/** The operation extension that carries a handler's Answer to describeAnswers (not in the published document). */
const ANSWER_EXTENSION = 'x-answer';

/** A controller handler's success answer: `@Returns('order.order.get')`, `@Returns('StaffOrder', { many: 'list' })`. */
export const Returns = (
  data: ResponseSchemaName | null,
  options: Omit<Extract<Answer, { data: unknown }>, 'data'> = {},
) => ApiExtension(ANSWER_EXTENSION, { data, ...options });

/**
 * A handler's answer outside the JSON envelope: `@ReturnsMedia(['text/css'], 'the stylesheet')`, or JSON of its
 * own shape (`{ schema }`).
 */
export const ReturnsMedia = (
  media: readonly string[],
  description: string,
  options: { status?: number; schema?: ResponseSchemaName | SchemaObject } = {},
) => ApiExtension(ANSWER_EXTENSION, { media, description, ...options });

const ref = (name: ResponseSchemaName): ReferenceObject => {
  // a name that only refers to another schema (a subject whose reply is a contract type) is that schema
  const schema = RESPONSE_SCHEMAS[name as ResponseSchemaName];
  const only = Object.keys(schema).length === 1 && typeof schema.$ref === 'string';
  return { $ref: only ? (schema.$ref as string) : `#/components/schemas/${name}` };
};

/** The schema of a body that is no JSON: bytes, or text. */
const mediaSchema = (media: string): SchemaObject =>
  media.startsWith('text/') || media.endsWith('xml') ? { type: 'string' } : { type: 'string', format: 'binary' };

/** The success response of an Answer: the JSON envelope `{data, meta?}` with its schema, or the media it sends. */
export function answer(spec: Answer): ResponseObject {
  if ('media' in spec)
    return {
      description: spec.description,
      content: Object.fromEntries(
        spec.media.map((media) => [
          media,
          {
            schema: typeof spec.schema === 'string' ? ref(spec.schema) : (spec.schema ?? mediaSchema(media)),
          },
        ]),
      ),
    };
  const item = spec.data === null ? { type: 'null' } : ref(spec.data);
  const data = spec.many ? { type: 'array', items: item } : item;
  const schema: SchemaObject =
    spec.many === 'list'
      ? { type: 'object', required: ['data', 'meta'], properties: { data, meta: ref('ListMeta') } }
      : { type: 'object', required: ['data'], properties: { data } };
  return {
    description: spec.description ?? (spec.data === null ? 'done: `{data: null}`' : `{data: ${spec.data}}`),
    content: { 'application/json': { schema } },
  };
}

/**
 * Turns each handler's declared Answer into its success response (the status Nest gives the handler, from
 * @HttpCode or the method, unless the Answer names one), and adds the contract schemas the document refers to
 * (and those they refer to) to components/schemas.
 */
export function describeAnswers(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item) as Array<[string, OperationObject & Record<string, unknown>]>) {
      const spec = op[ANSWER_EXTENSION] as Answer | undefined;
      if (!spec) continue;
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a constant key: the extension is for this function only
      delete op[ANSWER_EXTENSION];
      const success = Object.keys(op.responses ?? {}).filter((status) => status.startsWith('2'));
      const status = spec.status === undefined ? success[0] : String(spec.status);
      if (!status || success.length > 1 || (success.length && !success.includes(status)))
        throw new Error(`${method.toUpperCase()} ${path}: declare the answer's status (found ${success.join(', ')})`);
      const own = op.responses[status] as ResponseObject | undefined;
      const described = answer(spec);
      op.responses[status] = { ...described, description: own?.description || described.description };
    }
  }
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...referredSchemas(document) };
}

/** Every contract schema the document refers to, directly or through another. */
function referredSchemas(document: OpenAPIObject): Record<string, SchemaObject> {
  const found: Record<string, SchemaObject> = {};
  const prefix = '#/components/schemas/';
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith(prefix)) {
          const name = inner.slice(prefix.length);
          const schema = RESPONSE_SCHEMAS[name as ResponseSchemaName] as SchemaObject | undefined;
          if (schema && !(name in found)) {
            found[name] = schema as SchemaObject;
            visit(schema);
          }
        } else visit(inner);
      }
  };
  visit(document.paths);
  return found;
}

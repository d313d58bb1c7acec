import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * The one conversion of a zod schema of libs/contracts into a schema of the OpenAPI document. The document is
 * OpenAPI 3.1, whose Schema Object is JSON Schema 2020-12, zod's own target: `type: ['string', 'null']`, numeric
 * `exclusiveMinimum` and `const` are valid there as they are. Only the `$schema` keyword goes (a schema inside the
 * document uses the document's dialect, which is 2020-12 with OpenAPI's few additions). Request bodies are described as the client sends them (`io: 'input'`:
 * fields with defaults are optional), and what JSON Schema cannot say (transforms, custom checks) is left open
 * rather than failing the build.
 */
export function openApiSchema(schema: z.ZodType): SchemaObject {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown> & { $defs?: Record<string, unknown> };
  if (!$defs) return rest as SchemaObject;
  // a recursive schema (a navigation item's children) comes with its named parts in $defs, referred to from the
  // schema's root; inside the document they live in components/schemas and are referred to from there
  const lifted = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
  for (const [name, def] of Object.entries($defs)) SHARED_SCHEMAS[name] = lifted(def);
  return lifted(rest) as SchemaObject;
}

/** The named schemas that converted schemas refer to (filled by openApiSchema, added to the document's components). */
export const SHARED_SCHEMAS: Record<string, SchemaObject> = {};

/** A numeric id in a path (`Id` of libs/contracts): anything else names nothing and is answered 404. */
export const ID_PARAM_SCHEMA: SchemaObject = { type: 'integer', minimum: 1, maximum: 2147483647 };

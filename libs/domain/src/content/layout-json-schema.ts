/**
 * The JSON Schema of content for a layout definition (storefront-presenter.md §3), for structured output of the
 * content AI: the model is asked for exactly this shape, and validateContent checks the answer all the same.
 */
import { BLOCK_TYPES, PAGE_KINDS, type FieldDefinition } from '@shop/contracts';

type JsonSchema = Record<string, unknown>;

const FILE: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, version: { type: 'integer' }, extension: { type: 'string' } },
  required: ['id', 'version', 'extension'],
};

export function layoutJsonSchema(fields: readonly FieldDefinition[]): JsonSchema {
  return objectSchema(fields);
}

function objectSchema(fields: readonly FieldDefinition[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
    required: fields.filter((f) => f.required).map((f) => f.name),
    additionalProperties: false,
  };
}

function fieldSchema(f: FieldDefinition): JsonSchema {
  const described = (schema: JsonSchema): JsonSchema => (f.label ? { ...schema, description: f.label } : schema);
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'markdown':
    case 'color':
      return described({ type: 'string', ...(f.max ? { maxLength: f.max } : {}) });
    case 'wysiwyg':
      return described({ type: 'string', description: `${f.label ?? ''} (HTML: p, h2, h3, strong, em, ul, li, a)` });
    case 'number':
      return described({ type: 'number' });
    case 'date':
      return described({ type: 'string', format: 'date-time' });
    case 'boolean':
      return described({ type: 'boolean' });
    case 'select':
      return described({ enum: (f.options ?? []).map((o) => o.value) });
    case 'multiselect':
      return described({ type: 'array', items: { enum: (f.options ?? []).map((o) => o.value) } });
    case 'image':
    case 'file':
      return described(FILE);
    case 'images':
    case 'files':
      return described({ type: 'array', items: FILE });
    case 'reference':
      return described({
        type: 'object',
        properties: { id: { type: 'integer' }, type: { enum: ['node', 'site', 'block'] } },
        required: ['id', 'type'],
      });
    case 'group':
      return described(objectSchema(f.fields ?? []));
    case 'tabs':
      return described(objectSchema((f.tabs ?? []).flatMap((t) => t.fields)));
    case 'collection':
      return described({
        type: 'array',
        items: f.blocks
          ? {
              anyOf: PAGE_KINDS[f.blocks].map((type) => {
                const block = objectSchema(BLOCK_TYPES[type].fields);
                return {
                  ...block,
                  properties: { type: { const: type }, ...(block.properties as JsonSchema) },
                  required: ['type', ...(block.required as string[])],
                };
              }),
            }
          : objectSchema(f.fields ?? []),
      });
  }
}

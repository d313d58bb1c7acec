// The JSON Schemas of the API's answers, derived from the contracts' TypeScript types by the compiler itself (the
// types the services and apps compile against are the ones described: a zod schema's `z.output`, an interface, an
// RPC reply). scripts/openapi-client.mjs writes the committed file with it; as a program it prints the text
// (libs/contracts/src/api/responses/response-schemas.spec.ts compares that with the committed file).
import ts from 'typescript';
import { format } from 'prettier';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACTS = `${ROOT}libs/contracts/src/`;
export const RESPONSE_TYPES = `${CONTRACTS}api/responses/response-types.ts`;
export const RESPONSE_SCHEMAS = `${CONTRACTS}api/responses/response-schemas.generated.ts`;

/** The named types of @shop/contracts (exported, not generic): each becomes one schema of components/schemas. */
function namedTypes(checker, index) {
  const names = new Map();
  for (const exported of checker.getExportsOfModule(checker.getSymbolAtLocation(index))) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const generic = symbol.declarations?.some((d) => d.typeParameters?.length);
    if (generic || type.flags & (ts.TypeFlags.Primitive | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) continue;
    if (type.flags & ts.TypeFlags.Union && type.types.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) continue;
    if (!names.has(type)) names.set(type, exported.name);
  }
  return names;
}

const literal = (t) => (t.flags & ts.TypeFlags.BooleanLiteral ? t.intrinsicName === 'true' : t.value);
/** The JSON type of a primitive or literal type (undefined for anything else). */
const typeName = (t) =>
  t.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral | ts.TypeFlags.TemplateLiteral)
    ? 'string'
    : t.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)
      ? 'number'
      : t.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)
        ? 'boolean'
        : t.flags & ts.TypeFlags.Null
          ? 'null'
          : undefined;

/** Types of the checker as JSON Schemas; the named types it meets go to `defs`, referred to by `$ref`. */
class SchemaConverter {
  defs = {};
  converting = new Set();
  /** where the converter is (for the error of a type it cannot describe) */
  where = [];

  constructor(checker, names) {
    this.checker = checker;
    this.names = names;
  }

  /** A type as a schema: a named type of the contracts as a reference to its own schema, anything else inline. */
  schema(type) {
    const name = this.names.get(type);
    if (!name) return this.structure(type);
    if (!(name in this.defs) && !this.converting.has(name)) {
      this.converting.add(name);
      this.where.push(name);
      this.defs[name] = this.structure(type);
      this.where.pop();
      this.converting.delete(name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** A type's own schema (a named type's too). */
  structure(type) {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: literal(type) };
    if (f & ts.TypeFlags.Literal) return { type: typeName(type), const: literal(type) };
    if (f & ts.TypeFlags.Union) return this.union(type.types);
    if (typeName(type)) return { type: typeName(type) };
    if (f & ts.TypeFlags.Intersection) {
      // a branded primitive (`string & { __brand }`) is its primitive; objects merge into one
      const primitive = type.types.find((t) => typeName(t));
      return primitive ? this.structure(primitive) : this.object(type);
    }
    if (f & ts.TypeFlags.Object) return this.object(type);
    if (f & ts.TypeFlags.NonPrimitive) return { type: 'object' };
    throw new Error(`no JSON Schema for ${this.checker.typeToString(type)} (at ${this.where.join(' › ')})`);
  }

  union(types) {
    const members = types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    if (members.length === 1) return this.schema(members[0]);
    // booleans are the union true | false
    const trueFalse = members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
    const parts = trueFalse.length === 2 ? [this.checker.getBooleanType(), ...rest] : members;
    const jsonTypes = [...new Set(parts.map(typeName))];
    const type = jsonTypes.length === 1 ? jsonTypes[0] : jsonTypes;
    if (parts.every((t) => t.flags & (ts.TypeFlags.Literal | ts.TypeFlags.Null)) && trueFalse.length !== 2)
      return { type, enum: parts.map((t) => (t.flags & ts.TypeFlags.Null ? null : literal(t))) };
    if (parts.every((t) => typeName(t) && !(t.flags & ts.TypeFlags.Literal))) return { type };
    return { anyOf: parts.map((t) => this.schema(t)) };
  }

  object(type) {
    const { checker } = this;
    if (checker.isArrayType(type)) return { type: 'array', items: this.schema(checker.getTypeArguments(type)[0]) };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type).map((t) => this.schema(t));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (type.symbol?.name === 'Date') return { type: 'string', format: 'date-time' };
    const properties = {};
    const required = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(property);
      if (checker.getSignaturesOfType(propertyType, ts.SignatureKind.Call).length) continue;
      this.where.push(property.name);
      properties[property.name] = this.schema(propertyType);
      this.where.pop();
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
      if (doc && !properties[property.name].$ref) properties[property.name].description = doc;
    }
    const result = { type: 'object', properties };
    if (required.length) result.required = required;
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
    if (index) result.additionalProperties = this.schema(index.type);
    if (!Object.keys(properties).length) delete result.properties;
    return result;
  }
}

/** The text of response-schemas.generated.ts: every answer type of response-types.ts and the schemas they use. */
export async function generateResponseSchemas() {
  const options = {
    ...ts.getDefaultCompilerOptions(),
    strict: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const program = ts.createProgram([RESPONSE_TYPES, `${CONTRACTS}index.ts`], options);
  const checker = program.getTypeChecker();
  const registry = program.getSourceFile(RESPONSE_TYPES);
  const index = program.getSourceFile(`${CONTRACTS}index.ts`);
  const names = namedTypes(checker, index);
  const converter = new SchemaConverter(checker, names);
  const exportOf = (file, name) => {
    let symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(file)).find((s) => s.name === name);
    if (!symbol) throw new Error(`${file.fileName} exports no ${name}`);
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return checker.getDeclaredTypeOfSymbol(symbol);
  };
  const responses = {};
  for (const property of checker.getPropertiesOfType(exportOf(registry, 'ApiResponses'))) {
    converter.where.splice(0, converter.where.length, property.name);
    const type = checker.getTypeOfSymbol(property);
    // the entry named as its type is that type's own schema; another name refers to it
    responses[property.name] = names.get(type) === property.name ? converter.structure(type) : converter.schema(type);
  }
  const crud = {};
  for (const property of checker.getPropertiesOfType(exportOf(index, 'CrudEntities'))) {
    converter.where.splice(0, converter.where.length, `CrudEntities.${property.name}`);
    const ref = converter.schema(checker.getTypeOfSymbol(property)).$ref;
    if (!ref) throw new Error(`CrudEntities['${property.name}'] is no named type of the contracts`);
    crud[property.name] = ref.slice('#/components/schemas/'.length);
  }
  for (const [name, schema] of Object.entries(converter.defs)) {
    if (name in responses && JSON.stringify(responses[name]) !== JSON.stringify(schema))
      if (!responses[name].$ref) throw new Error(`two schemas named ${name}`);
    responses[name] ??= schema;
  }
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  const text = `// Generated by \`npm run openapi:client\` (scripts/openapi-client.mjs) from response-types.ts: do not edit.
// The JSON Schema of every answer type the OpenAPI document names, and of the named types they use.
import type { JsonSchema } from './response-types.js';
import type { CrudResourceName } from '../../bus/resources.js';

/** Every schema here: the answers of response-types.ts and the contract types they use, by name. */
export type ResponseSchemaName = ${Object.keys(sorted)
    .map((name) => `'${name}'`)
    .join(' | ')};

export const RESPONSE_SCHEMAS: Record<ResponseSchemaName, JsonSchema> = ${JSON.stringify(sorted)};

/** The schema of each CRUD resource's entity (CrudEntities). */
export const CRUD_ENTITY_SCHEMAS: Record<CrudResourceName, ResponseSchemaName> = ${JSON.stringify(crud)};
`;
  const config = JSON.parse(readFileSync(`${ROOT}.prettierrc.json`, 'utf8'));
  return format(text, { ...config, parser: 'typescript' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(await generateResponseSchemas());

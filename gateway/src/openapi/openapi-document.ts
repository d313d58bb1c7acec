import { SHARED_SCHEMAS } from './json-schema.js';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, PathItemObject, PathsObject, ResponsesObject } from '@nestjs/swagger';
import { ERROR_STATUS } from '@shop/contracts';
import { ACCESS_EXTENSION, OPTIONAL_SESSION_EXTENSION, type Access } from '../auth/access.js';
import { SESSION_COOKIE } from '../auth/staff-session.js';
import { DEVICE_CHALLENGE } from '../devices/printer.routes.js';
import { needsCsrf } from '../http/csrf.js';

/** An operation of a plain Fastify route (not a Nest controller), with the access it declares. */
export type RouteOperation = OperationObject & { [ACCESS_EXTENSION]: Access };
/** A plain Fastify route's part of the document: OpenAPI path → method → operation. */
export type RouteDocs = Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete', RouteOperation>>>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Security schemes: the staff session, the CSRF token its writes carry, and the devices' own credentials. */
const SECURITY_SCHEMES = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The staff session: POST /backend/login (or /backend/login-link) sets this signed HttpOnly cookie.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-csrf-token',
    description:
      'The CSRF token of the session (answer of the login, GET /backend/csrf-token); unsafe requests of a session send it.',
  },
  deviceBasic: {
    type: 'http',
    scheme: 'basic',
    description: "HTTP Basic with the device's identifier and its own API key",
  },
} as const;

const ERROR_ENVELOPE = {
  type: 'object',
  description: 'api-contract.md "Envelope": `message` is the first error\'s German message.',
  required: ['message', 'code', 'errors'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: { field: { type: ['string', 'null'] }, message: { type: 'string' } },
      },
    },
    errorId: { type: 'string', description: 'only on 500: the id in the log line of the failure' },
  },
} as const;

const envelope = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});
const RESPONSES = {
  ClientError: envelope('A client error (bad URL or input, unknown id, conflict, …): the German error envelope'),
  Unauthenticated: envelope(
    'No staff session (UNAUTHENTICATED): "Es konnten keine Zugangsdaten gefunden werden.", or "Keine Session verfügbar, …" when the session cookie names an ended session',
  ),
  Forbidden: envelope(
    'The session\'s user lacks the role (FORBIDDEN: "Keine Rechte, um die Ressource anzufragen."), or a write without a valid CSRF token (CSRF_INVALID)',
  ),
  DeviceUnauthenticated: {
    ...envelope('No or wrong device credentials (UNAUTHENTICATED)'),
    headers: { 'WWW-Authenticate': { schema: { type: 'string' }, description: DEVICE_CHALLENGE } },
  },
};
const ref = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });

/**
 * The gateway's OpenAPI 3.1 document (served at /api/docs-json, shown at /api/docs): the Nest controllers as
 * @nestjs/swagger reads them, the plain Fastify routes' own parts, and for every operation the access it declares
 * (@Public, @Roles, @BranchKey on the handler; `x-access` in a route's part) turned into its security requirement,
 * `x-access`, `x-roles`, a sentence in the description and the error answers it implies. An operation without a
 * declared access fails the build, so nothing goes undocumented (or unguarded).
 */
export function buildOpenApiDocument(app: INestApplication, routeDocs: RouteDocs[], version: string): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('Shop platform API')
      .setDescription(
        'Gateway of the multi-branch ordering platform. Envelope: {data} on success, {message, code, errors[{field, message}]} on failure (German).',
      )
      .setVersion(version)
      .addServer('/', 'this gateway')
      .build(),
  );
  for (const part of routeDocs) {
    for (const [path, item] of Object.entries(part))
      document.paths[path] = { ...document.paths[path], ...(item as PathItemObject) };
  }
  document.components = {
    ...document.components,
    securitySchemes: { ...SECURITY_SCHEMES },
    schemas: { ...document.components?.schemas, ...SHARED_SCHEMAS, ErrorEnvelope: ERROR_ENVELOPE as never },
    responses: RESPONSES,
  };
  describeAccess(document.paths);
  return document;
}

/** Every operation's access as the document's security requirement, `x-access`/`x-roles` and its error answers. */
function describeAccess(paths: PathsObject): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as (OperationObject & Record<string, unknown>) | undefined;
      if (!op) continue;
      const access = op[ACCESS_EXTENSION] as Access | undefined;
      if (!access)
        throw new Error(`${method.toUpperCase()} ${path} declares no access (@Public, @Roles, @BranchKey or x-access)`);
      const optionalSession = op[OPTIONAL_SESSION_EXTENSION] === true;
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a constant key: the extension is for this function only, not the published document
      delete op[OPTIONAL_SESSION_EXTENSION];
      const responses: ResponsesObject = { ...op.responses };
      let note: string;
      switch (access.kind) {
        case 'public':
          op.security = optionalSession ? [{}, { staffSession: [] }] : [];
          note = optionalSession
            ? 'Access: anyone; a staff session may see more (non-public entries).'
            : 'Access: anyone (no session needed).';
          break;
        case 'staff': {
          const csrf = needsCsrf(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'));
          op.security = [csrf ? { staffSession: [], csrfToken: [] } : { staffSession: [] }];
          op['x-roles'] = [...access.roles];
          note = `Access: a staff session with the role ${access.roles.join(' or ')}${csrf ? ', and its CSRF token in x-csrf-token' : ''}.`;
          responses['401'] ??= ref('Unauthenticated');
          responses['403'] ??= ref('Forbidden');
          break;
        }
        case 'branch-key':
          // a credential in the path: no security scheme can say that, so the operation is open and says so
          op.security = [];
          note =
            "Access: no session; the branch id and that branch's API key in the path are the credentials (a wrong key is 404).";
          break;
        case 'device':
          op.security = [{ deviceBasic: [] }];
          note =
            'Access: a device with its own credentials (HTTP Basic: identifier and API key), never a staff session.';
          responses['401'] ??= ref('DeviceUnauthenticated');
          break;
      }
      op[ACCESS_EXTENSION] = access.kind;
      op.description = op.description ? `${op.description}\n\n${note}` : note;
      responses['4XX'] ??= ref('ClientError');
      op.responses = responses;
    }
  }
}

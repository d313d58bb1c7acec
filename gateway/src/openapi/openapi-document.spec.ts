import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { CrudResourceName } from '@shop/contracts';
import { cleanupPrefixes, NATS_URL, REDIS_URL, uniquePrefixes } from '@shop/testing';
import { loadGatewayConfig } from '../config/gateway-config.js';
import { CRUD_ACCESS } from '../crud/crud-http.factory.js';
import { createGatewayApp } from '../bootstrap/create-gateway-app.js';
import { routeTable } from './route-docs.js';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

type Operation = Record<string, any> & { security?: Array<Record<string, string[]>> };
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Warnings Redocly's recommended ruleset may still give, each for a reason of the API itself (see README "OpenAPI"). */
const ACCEPTED_WARNINGS = new Set([
  'info-license', // the platform is not published under a licence
  'no-ambiguous-paths', // /api/orders/{id}/print beside /api/orders/frontdesk/{branchId}, …: the spec's URLs (the router prefers the static segment)
  'operation-2xx-response', // GET /api/payments/return/{reference} only ever redirects (303)
]);

/**
 * `SwaggerParser.validate` of @apidevtools/swagger-parser, in a child Node process: the package is CommonJS that
 * requires an ES module, which Node loads and Jest's module runtime (ESM mode, Node < 24.9) does not.
 */
function swaggerParserValidate(document: string): { ok: boolean; output: string } {
  const script = `import SwaggerParser from '@apidevtools/swagger-parser';
    let text = '';
    for await (const chunk of process.stdin) text += chunk;
    try { await SwaggerParser.validate(JSON.parse(text)); console.log('valid'); } catch (err) { console.log(err.message); process.exitCode = 1; }`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    input: document,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return { ok: child.status === 0, output: `${child.stdout}${child.stderr}`.trim() };
}

const ROOT = new URL('../../../', import.meta.url).pathname;
/** The committed client types of the web apps (libs/web-api), generated from this document. */
const CLIENT_TYPES = `${ROOT}libs/web-api/src/openapi.generated.ts`;

/** openapi-typescript's types of the document (scripts/lib/openapi-types.mjs, in a child process as above). */
function clientTypes(document: string): string {
  const child = spawnSync(process.execPath, [`${ROOT}scripts/lib/openapi-types.mjs`], {
    input: document,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`openapi-typescript failed: ${child.stderr}`);
  return child.stdout;
}

/**
 * The document the gateway serves at /api/docs-json, taken from the real app (the gateway alone: building the
 * document asks no service), must be valid OpenAPI for the tools that read it and say for every operation who
 * may call it.
 */
describe('the OpenAPI document', () => {
  let app: NestFastifyApplication;
  let doc: Document;
  let text: string;
  const prefixes = uniquePrefixes('openapi');
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );

  beforeAll(async () => {
    app = await createGatewayApp(
      loadGatewayConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        REDIS_URL,
        NATS_URL,
        NATS_SUBJECT_PREFIX: prefixes.nats,
        REDIS_PREFIX: prefixes.redis,
      }),
    );
    await app.listen(0, '127.0.0.1');
    const res = await fetch(`${await app.getUrl()}/api/docs-json`);
    expect(res.status).toBe(200);
    text = await res.text();
    doc = JSON.parse(text) as Document;
  }, 30_000);
  afterAll(async () => {
    await app.close();
    await cleanupPrefixes(prefixes);
  });

  it('is valid OpenAPI 3.1 for swagger-parser', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(swaggerParserValidate(text)).toEqual({ ok: true, output: 'valid' });
    // JSON Schema 2020-12 is the document's own dialect: no schema names another one
    expect(text).not.toContain('"$schema"');
  });

  it("has no errors under Redocly's recommended ruleset, and only the accepted warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const describe = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`;
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    expect(problems.filter((p) => !ACCEPTED_WARNINGS.has(p.ruleId)).map(describe)).toEqual([]);
  });

  it('states the access of every operation as its security requirement', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect([where, Array.isArray(op.security)]).toEqual([where, true]);
      const schemes = op.security!.map((requirement) => Object.keys(requirement).sort().join('+'));
      switch (op['x-access']) {
        case 'staff':
          expect([where, op['x-roles'].length > 0]).toEqual([where, true]);
          expect([where, op.description]).toEqual([where, expect.stringContaining(op['x-roles'].join(' or '))]);
          // writes of a session carry its CSRF token
          expect([where, schemes]).toEqual([where, [method === 'get' ? 'staffSession' : 'csrfToken+staffSession']]);
          expect([where, Object.keys(op.responses)]).toEqual([where, expect.arrayContaining(['401', '403'])]);
          break;
        case 'device':
          expect([where, schemes]).toEqual([where, ['deviceBasic']]);
          break;
        case 'public':
          // anyone: nothing required, or a staff session that is optional (it widens what a read shows)
          expect([where, schemes]).toEqual([where, expect.arrayContaining(schemes.length ? ['', 'staffSession'] : [])]);
          break;
        case 'branch-key':
          // the key in the X-Screen-Key header, never in the path (issue 37)
          expect([where, schemes, path]).toEqual([where, ['screenKey'], expect.stringMatching(/\{branchId\}$/)]);
          break;
        default:
          throw new Error(`${where}: x-access ${String(op['x-access'])}`);
      }
    }
  });

  it("gives the roles of the handlers' @Roles, e.g. the CRUD table", () => {
    for (const [resource, access] of Object.entries(CRUD_ACCESS) as Array<
      [CrudResourceName, (typeof CRUD_ACCESS)[CrudResourceName]]
    >) {
      const single = `/api/${resource}/{id}`;
      const roles = (op: Operation) => (op['x-access'] === 'public' ? 'public' : op['x-roles']);
      expect([resource, roles(doc.paths[`/api/${resource}`]!.get!), roles(doc.paths[single]!.get!)]).toEqual([
        resource,
        access.read,
        access.read,
      ]);
      // a read-and-delete resource has no CRUD create or update (POST /api/uploads is the anonymous upload)
      expect([
        resource,
        access.create && roles(doc.paths[`/api/${resource}`]!.post!),
        access.update === null ? doc.paths[single]!.put : roles(doc.paths[single]!.put!),
        roles(doc.paths[single]!.delete!),
      ]).toEqual([resource, access.create, access.update ?? undefined, access.delete]);
    }
    expect(doc.paths['/api/logs']!.get!['x-roles']).toEqual(['ROLE_ADMIN']);
    expect(doc.paths['/api/orders/{id}/status/{action}']!.post!['x-roles']).toEqual(['ROLE_ADMIN', 'ROLE_EMPLOYEE']);
    expect(doc.paths['/api/images/{id}']!.delete!['x-roles']).toEqual(['ROLE_ADMIN']);
  });

  it('documents every API route the gateway serves, and serves every operation it documents', () => {
    // a route by method and path shape: Fastify's `:id` and OpenAPI's `{id}` alike
    const shape = (method: string, path: string) =>
      `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/:\w+/g, '{}')}`;
    const { served } = routeTable(app.getHttpAdapter().getInstance() as unknown as FastifyInstance);
    // HEAD is Fastify's twin of each GET
    const routes = new Set(served.filter((r) => r.method !== 'HEAD').map((r) => shape(r.method, r.url)));
    const documented = new Set(operations().map(({ path, method }) => shape(method, path)));
    expect([...documented].filter((op) => !routes.has(op))).toEqual([]);
    // the API: everything under /api/ and every write (pages, assets and files are GETs elsewhere), without the
    // document's own pages
    const api = [...routes].filter((route) => {
      const [method, path] = route.split(' ');
      return (path!.startsWith('/api/') || method !== 'GET') && !path!.startsWith('/api/docs');
    });
    expect(api.filter((route) => !documented.has(route))).toEqual([]);
    // the plain Fastify routes are among them (their operations are read off the router)
    expect(api).toEqual(
      expect.arrayContaining([
        'POST /api/printers/cloudprnt',
        'DELETE /api/printers/cloudprnt',
        'GET /api/digital-signage-player/events',
        'POST /api/payments/mollie/webhook',
        'GET /api/orders/public/{}/{}',
        'POST /api/uploads',
      ]),
    );
  });

  it('has one path template per route', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
  });

  it('gives every success answer its schema: the envelope with a type of the contracts, or the media it sends', () => {
    const answers = operations().flatMap(({ path, method, op }) =>
      Object.entries(op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)
        .filter(([status]) => status.startsWith('2'))
        .map(([status, response]) => ({
          where: `${method.toUpperCase()} ${path} ${status}`,
          content: response.content,
        })),
    );
    expect(answers.length).toBeGreaterThan(240);
    const withoutSchema = answers.filter(
      ({ content }) =>
        !content || !Object.keys(content).length || Object.values(content).some((media) => !media.schema),
    );
    expect(withoutSchema.map(({ where }) => where)).toEqual([]);
    // every operation answers something on success, but the two redirects
    const withoutSuccess = operations().filter(({ op }) => !Object.keys(op.responses).some((s) => s.startsWith('2')));
    expect(withoutSuccess.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /api/payments/return/{reference}',
      'GET /backend/logout',
    ]);
    // a JSON answer is the envelope, its data from the contracts (components/schemas)
    const order = doc.paths['/api/orders/{id}']!.get!.responses['200'].content['application/json'].schema;
    expect(order).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: '#/components/schemas/StaffOrder' } },
    });
  });

  it('is the document the committed client types were generated from (npm run openapi:client)', () => {
    const generated = clientTypes(text);
    if (process.env.OPENAPI_CLIENT === 'update') writeFileSync(CLIENT_TYPES, generated);
    const committed = readFileSync(CLIENT_TYPES, 'utf8');
    expect({ file: 'libs/web-api/src/openapi.generated.ts', upToDate: committed === generated }).toEqual({
      file: 'libs/web-api/src/openapi.generated.ts',
      upToDate: true,
    });
  }, 60_000);
});

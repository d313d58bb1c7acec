import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CRUD_RESOURCES } from '../../bus/resources.js';
import { CRUD_ENTITY_SCHEMAS, RESPONSE_SCHEMAS } from './response-schemas.generated.js';

const ROOT = new URL('../../../../../', import.meta.url).pathname;

/**
 * response-schemas.generated.ts is what scripts/lib/response-schemas.mjs makes of the contracts' types today: a
 * changed contract type, or an answer added to response-types.ts, fails here until `npm run openapi:client` has
 * written the file again (and the OpenAPI document and the web apps' client with it).
 */
describe('the JSON Schemas of the API answers', () => {
  it('are generated from the current contract types (npm run openapi:client)', () => {
    // in a child process: the generator runs the TypeScript compiler over the contracts (no Jest module runtime)
    const child = spawnSync(process.execPath, [`${ROOT}scripts/lib/response-schemas.mjs`], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(child.stderr).toBe('');
    const committed = readFileSync(`${ROOT}libs/contracts/src/api/responses/response-schemas.generated.ts`, 'utf8');
    expect({ upToDate: child.stdout === committed }).toEqual({ upToDate: true });
  }, 120_000);

  it('name the entity of every CRUD resource, each with its schema', () => {
    expect(Object.keys(CRUD_ENTITY_SCHEMAS).sort()).toEqual(Object.keys(CRUD_RESOURCES).sort());
    for (const name of Object.values(CRUD_ENTITY_SCHEMAS))
      expect([name, RESPONSE_SCHEMAS[name]?.type]).toEqual([name, 'object']);
  });

  it('describe a contract type field by field, its named parts by reference', () => {
    expect(RESPONSE_SCHEMAS.StaffOrder).toMatchObject({
      type: 'object',
      properties: {
        uid: { type: 'string' },
        items: { type: 'array', items: { $ref: '#/components/schemas/OrderLine' } },
      },
    });
    expect(RESPONSE_SCHEMAS['order.order.get']).toEqual({ $ref: '#/components/schemas/StaffOrder' });
  });
});

#!/usr/bin/env node
// npm run openapi:client: regenerates what the web apps' API client is made of, in two steps.
// 1. libs/contracts/src/api/responses/response-schemas.generated.ts: the JSON Schema of every answer type named in
//    response-types.ts (scripts/lib/response-schemas.mjs reads the contracts' TypeScript types).
// 2. libs/web-api/src/openapi.generated.ts: openapi-typescript's types of the gateway's OpenAPI document (built by
//    gateway/src/openapi/openapi-document.spec.ts in update mode; in `npm test` the same spec fails while the
//    committed file differs from the document).
import './lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { writeFileSync } from 'node:fs';
import { checkServices, run } from './lib/env.mjs';
import { generateResponseSchemas, RESPONSE_SCHEMAS } from './lib/response-schemas.mjs';

writeFileSync(RESPONSE_SCHEMAS, await generateResponseSchemas());
console.log(`› ${RESPONSE_SCHEMAS.slice(RESPONSE_SCHEMAS.indexOf('libs/'))} written`);
await checkServices();
run('npx jest --ci gateway/src/openapi/openapi-document.spec.ts', {
  env: {
    ...process.env,
    OPENAPI_CLIENT: 'update',
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
  },
});
console.log('› libs/web-api/src/openapi.generated.ts written: review and commit it with the change of the API');

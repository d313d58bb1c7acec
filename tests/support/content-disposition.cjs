// Jest (ESM mode) cannot require() ESM-only packages from CommonJS ones, and @fastify/static requires the
// ESM-only content-disposition 3. Under Jest only, its API ({ create, parse }) is served by the CommonJS
// release 0.5 of the same package. Node itself loads the real one (require(esm)).
const contentDisposition = require('content-disposition-cjs');
module.exports = { create: contentDisposition, parse: contentDisposition.parse };

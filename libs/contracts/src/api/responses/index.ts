export * from './response-types.js';
export * from './response-schemas.generated.js';

export * from './catalogue/common.schema.js';
export * from './catalogue/units.js';
export * from './catalogue/catalogue.schema.js';
export * from './identity/identity.schema.js';
export * from './api/envelope.js';
export * from './bus/resources.js';
export * from './bus/subjects.js';
export * from './bus/events.js';

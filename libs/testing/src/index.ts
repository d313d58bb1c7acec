export * from './test-database.js';
export * from './isolation.js';
export * from './fake-payment-providers.js';
export * from './mail-catcher.js';

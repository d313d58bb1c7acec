export * from './test-database.js';
export * from './isolation.js';

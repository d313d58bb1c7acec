export * from './messages.js';
export * from './translate.js';

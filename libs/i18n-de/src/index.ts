export * from './messages.js';
export * from './translate.js';
export * from './storefront-texts.js';
export * from './backoffice-texts.js';
export * from './time-tracking-texts.js';
export * from './presenter-texts.js';
export * from './content-builder-texts.js';
export * from './layout-texts.js';

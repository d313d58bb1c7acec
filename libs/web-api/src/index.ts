/**
 * @shop/web-api: the one typed API client of the web apps (storefront, back office). Browser-safe: no Node
 * imports, and nothing from @shop/contracts at run time (its types only), so zod stays out of the pages that do
 * not validate.
 */
export * from './api-error.js';
export * from './client.js';
export * from './paths.js';
export * from './url.js';

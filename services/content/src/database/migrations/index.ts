import { ContentUploads1795317277422 } from './1795317277422-ContentUploads.js';

/** Every migration of the content schema, in order. */
export const CONTENT_MIGRATIONS: Function[] = [ContentUploads1795317277422];

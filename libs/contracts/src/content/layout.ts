/**
 * The editor layout definitions of storefront-presenter.md §3, as data: the site types, the content-field types,
 * the block types and which block types each page kind's body takes, and the fields of each node type. The content
 * service validates every saved site and node against them (libs/domain `validateContent`), and the content
 * builder generates its forms from them, so a field is declared here once.
 */

// The definitions live in layout/ (fields, blocks and page kinds, sites and nodes); this file is their public face.
export {
  FIELD_TYPES,
  type FieldType,
  type FieldDefinition,
  type ReferenceTarget,
  LINK_FIELDS,
  NODE_TYPES,
  type NodeType,
} from './layout/fields.js';
export * from './layout/blocks.js';
export * from './layout/nodes.js';
export * from './layout/site-identity.js';

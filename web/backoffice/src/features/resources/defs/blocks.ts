import { BLOCK_TYPES, type BlockType } from '@shop/contracts';
import { T } from '../../../texts';
import { column, defineResource, flag, flagColumn, req } from './define';

const F = T.fields;
/** 'Hero-Slider', …: the block types by the names their layouts give them */
const types = (Object.keys(BLOCK_TYPES) as BlockType[]).map((value) => ({ value, label: BLOCK_TYPES[value].label }));

/**
 * The shared content blocks (`#/blocks`, issue 41 item 8): found by identifier, of one of the block types. The list
 * is the generic one; `#/blocks/new` and `#/blocks/:id` open features/blocks/BlockEditor (the content in the form
 * its type's layout generates), so the fields here are the generic form's should that route go.
 */
export const blocks = defineResource('blocks', {
  title: (r) => r.identifier,
  groups: [
    {
      fields: [req('identifier'), { name: 'type', label: F.type, kind: 'select', options: types }, flag('isPublic')],
    },
  ],
  columns: [
    column('identifier'),
    { name: 'type', label: F.type, render: (r) => BLOCK_TYPES[r.type]?.label ?? r.type },
    flagColumn('isPublic'),
  ],
  filters: [{ name: 'type', label: F.type, options: types }],
  defaults: { identifier: '', type: types[0]?.value ?? 'map', isPublic: true, content: {} },
});

import { T } from '../../../texts';
import { column, defineResource, editor, flag, int, opts, ref, refFilter, req, select } from './define';

const F = T.fields;
const O = T.options as Record<string, string>;
const TYPES = ['printer', 'notification'];

export const devices = defineResource('devices', {
  employee: { create: false, change: false, delete: false, branchOf: (r) => r.branch },
  groups: [
    {
      fields: [
        req('name'),
        req('identifier'),
        select('type', TYPES),
        ref('branch', 'branches', 'id', { required: true }),
        select('protocol', ['cloudprnt', 'epson-sdp'], true),
        select('printFormat', ['star', 'escpos']),
        int('pollIntervalSeconds'),
        flag('isEnabled'),
        editor('apiKey', 'apiKey'),
      ],
    },
  ],
  columns: [
    column('name'),
    column('identifier'),
    { name: 'type', label: F.type, render: (r) => O[r.type] ?? r.type },
    {
      name: 'lastSeenAt',
      label: F.lastSeenAt,
      render: (r) => (r.lastSeenAt ? new Date(String(r.lastSeenAt)).toLocaleString('de-AT') : '–'),
    },
  ],
  filters: [refFilter('branch', 'branches'), { name: 'type', label: F.type, options: opts(TYPES) }],
  defaults: {
    name: '',
    identifier: '',
    type: 'printer',
    branch: null,
    protocol: null,
    printFormat: 'star',
    pollIntervalSeconds: 5,
    isEnabled: true,
  },
});

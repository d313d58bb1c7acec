import { T } from '../../../texts';
import { defineResource, editor, flag, int, nameOf, opts, ref, req, select } from './define';

const F = T.fields;
const O = T.options as Record<string, string>;
const TYPES = ['printer', 'notification'];

export const devices = defineResource('devices', {
  label: 'Gerät',
  plural: T.nav.devices,
  title: nameOf,
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
    { name: 'name', label: F.name },
    { name: 'identifier', label: F.identifier },
    { name: 'type', label: F.type, render: (r) => O[r.type] ?? r.type },
    {
      name: 'lastSeenAt',
      label: F.lastSeenAt,
      render: (r) => (r.lastSeenAt ? new Date(String(r.lastSeenAt)).toLocaleString('de-AT') : '–'),
    },
  ],
  filters: [
    { name: 'branch', label: F.branch, resource: 'branches' },
    { name: 'type', label: F.type, options: opts(TYPES) },
  ],
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

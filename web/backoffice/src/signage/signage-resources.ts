import { SEGMENT_TRANSITIONS, SEGMENT_TYPES } from '@shop/contracts';
import { SIGNAGE_TV_TEXTS } from '@shop/i18n-de';
import { column, defineResource, editor, flag, ref, refFilter, req } from '../features/resources/defs/define';
import type { ResourceDef } from '../features/resources/types';
import { T } from '../texts';

const S = T.signage;
const F = T.fields;
const options = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/**
 * The signage resources in the back office's generic list and form screens (create, edit, delete with the German
 * field errors of the API). Scenes' regions and a stream's order have their own screens (SignageScenes,
 * SignageStreams); the TVs' list, creation, key, status and commands too (SignageDevices, the only TV menu entry:
 * this form is its settings, opened from a TV's row).
 */
export const SIGNAGE_RESOURCES: ResourceDef[] = [
  defineResource('digital-signage-segments', {
    groups: [
      {
        fields: [
          req('name'),
          { name: 'type', label: F.type, kind: 'select', options: options(SEGMENT_TYPES, S.segmentTypes) },
          editor('image', 'image'),
          // text, not url: a video may be a path on this origin (an upload)
          { name: 'url', label: S.url, help: S.urlHelp, kind: 'text', nullable: true },
          { name: 'frameOrigins', label: S.frameOrigins, help: S.frameOriginsHelp, kind: 'lines' },
          { name: 'text', label: S.text, kind: 'textarea', nullable: true, rows: 3 },
          { name: 'durationSeconds', label: S.durationSeconds, kind: 'integer' },
          {
            name: 'transition',
            label: S.transition,
            kind: 'select',
            options: options(SEGMENT_TRANSITIONS, SIGNAGE_TV_TEXTS.transitions),
          },
          { name: 'daypart', label: S.daypart, kind: 'schedule' },
        ],
      },
    ],
    columns: [
      column('name'),
      { name: 'type', label: F.type, render: (r) => S.segmentTypes[r.type as keyof typeof S.segmentTypes] ?? '' },
      { name: 'durationSeconds', label: S.durationSeconds },
    ],
    filters: [{ name: 'type', label: F.type, options: options(SEGMENT_TYPES, S.segmentTypes) }],
    defaults: {
      name: '',
      type: 'text',
      image: null,
      url: null,
      text: '',
      durationSeconds: 10,
      transition: 'fade',
      daypart: null,
      frameOrigins: [],
    },
  }),
  defineResource('digital-signage-devices', {
    groups: [
      {
        fields: [
          req('name'),
          req('identifier'),
          ref('branch', 'branches', 'id', { required: true }),
          { name: 'scene', label: S.scene, kind: 'ref', resource: 'scenes', shape: 'id', nullable: true },
          flag('isEnabled'),
          { name: 'powerSchedule', label: S.powerSchedule, kind: 'schedule' },
        ],
      },
    ],
    columns: [
      column('name'),
      column('identifier'),
      { name: 'status', label: S.status, render: (r) => (r.status === 'online' ? S.online : S.offline) },
    ],
    filters: [
      refFilter('branch', 'branches'),
      {
        name: 'status',
        label: S.status,
        options: options(['online', 'offline'], { online: S.online, offline: S.offline }),
      },
    ],
    defaults: { name: '', identifier: '', branch: null, scene: null, isEnabled: true, powerSchedule: null },
  }),
];

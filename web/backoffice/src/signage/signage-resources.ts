import { SEGMENT_TRANSITIONS, SEGMENT_TYPES } from '@shop/contracts';
import { defineResource } from '../features/resources/defs/define';
import type { ResourceDef } from '../features/resources/types';
import { T } from '../texts';

const S = T.signage;
const F = T.fields;
const options = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));
const name = (r: { name: string; id: number }) => String(r.name ?? r.id);

/**
 * The signage resources in the back office's generic list and form screens (create, edit, delete with the German
 * field errors of the API). Scenes' regions and a stream's order have their own screens (SignageScenes,
 * SignageStreams); the TVs' status and commands too (SignageDevices).
 */
export const SIGNAGE_RESOURCES: ResourceDef[] = [
  defineResource('digital-signage-segments', {
    label: 'Filmsequenz',
    plural: S.segments,
    title: name,
    groups: [
      {
        fields: [
          { name: 'name', label: F.name, kind: 'text', required: true },
          { name: 'type', label: F.type, kind: 'select', options: options(SEGMENT_TYPES, S.segmentTypes) },
          { name: 'image', label: F.image, kind: 'image' },
          // text, not url: a video may be a path on this origin (an upload)
          { name: 'url', label: S.url, help: S.urlHelp, kind: 'text', nullable: true },
          { name: 'frameOrigins', label: S.frameOrigins, help: S.frameOriginsHelp, kind: 'lines' },
          { name: 'text', label: S.text, kind: 'textarea', nullable: true, rows: 3 },
          { name: 'durationSeconds', label: S.durationSeconds, kind: 'integer' },
          { name: 'transition', label: S.transition, kind: 'select', options: options(SEGMENT_TRANSITIONS) },
          { name: 'daypart', label: S.daypart, kind: 'schedule' },
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
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
    label: 'TV',
    plural: S.devices,
    title: name,
    groups: [
      {
        fields: [
          { name: 'name', label: F.name, kind: 'text', required: true },
          { name: 'identifier', label: F.identifier, kind: 'text', required: true },
          { name: 'branch', label: F.branch, kind: 'ref', resource: 'branches', shape: 'id', required: true },
          { name: 'scene', label: S.scene, kind: 'ref', resource: 'scenes', shape: 'id', nullable: true },
          { name: 'isEnabled', label: F.isEnabled, kind: 'checkbox' },
          { name: 'powerSchedule', label: S.powerSchedule, kind: 'schedule' },
        ],
      },
    ],
    columns: [
      { name: 'name', label: F.name },
      { name: 'identifier', label: F.identifier },
      { name: 'status', label: S.status, render: (r) => (r.status === 'online' ? S.online : S.offline) },
    ],
    filters: [
      { name: 'branch', label: F.branch, resource: 'branches' },
      {
        name: 'status',
        label: S.status,
        options: options(['online', 'offline'], { online: S.online, offline: S.offline }),
      },
    ],
    defaults: { name: '', identifier: '', branch: null, scene: null, isEnabled: true, powerSchedule: null },
  }),
];

import { z } from 'zod';
import { IdParam } from '../../catalogue/common.schema.js';
import {
  SceneInput,
  SEGMENT_TYPES,
  SegmentInput,
  SignageDeviceInput,
  StreamInput,
} from '../../signage/signage.schema.js';
import { bool } from './filters.js';

/** The digital signage's scenes, segments, streams and TVs. */
export const SIGNAGE_RESOURCES = {
  scenes: {
    service: 'signage',
    entity: 'scene',
    input: SceneInput,
    label: 'Szene',
    /** by path (`/api/scenes/%2Ffiliale%2Ftheke`) */
    byIdentifier: true,
    filters: z.object({ stream: IdParam.optional() }),
  },
  'digital-signage-segments': {
    service: 'signage',
    entity: 'segment',
    input: SegmentInput,
    label: 'Filmsequenz',
    byIdentifier: false,
    filters: z.object({ type: z.enum(SEGMENT_TYPES).optional(), stream: IdParam.optional() }),
  },
  'digital-signage-streams': {
    service: 'signage',
    entity: 'stream',
    input: StreamInput,
    label: 'Stream',
    byIdentifier: false,
    filters: z.object({ scene: IdParam.optional(), segment: IdParam.optional() }),
  },
  'digital-signage-devices': {
    service: 'signage',
    entity: 'device',
    input: SignageDeviceInput,
    label: 'TV',
    byIdentifier: true,
    filters: z.object({
      branch: IdParam.optional(),
      scene: IdParam.optional(),
      status: z.enum(['online', 'offline']).optional(),
      isEnabled: bool.optional(),
    }),
  },
} as const;

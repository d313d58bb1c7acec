import type { MigrationInterface } from 'typeorm';
import { SignageModel1795581837205 } from './1795581837205-SignageModel.js';
import { SegmentFrameOrigins1795900000000 } from './1795900000000-SegmentFrameOrigins.js';
import { DeviceKeyLength1796100000000 } from './1796100000000-DeviceKeyLength.js';
import { DeviceIdleReason1796569052134 } from './1796569052134-DeviceIdleReason.js';

/** Every migration of the signage schema, in order. */
export const SIGNAGE_MIGRATIONS: (new () => MigrationInterface)[] = [
  SignageModel1795581837205,
  SegmentFrameOrigins1795900000000,
  DeviceKeyLength1796100000000,
  DeviceIdleReason1796569052134,
];

import { CommandEntity } from './commands/command.entity.js';
import { SignageDeviceEntity } from './devices/device.entity.js';
import { SceneEntity } from './scenes/scene.entity.js';
import { SegmentEntity } from './segments/segment.entity.js';
import { StreamEntity } from './streams/stream.entity.js';

export const SIGNAGE_SCHEMA = 'signage';
export const SIGNAGE_ENTITIES = [SceneEntity, StreamEntity, SegmentEntity, SignageDeviceEntity, CommandEntity];

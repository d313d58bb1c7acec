/**
 * Digital signage (backoffice-platform.md §1, §3, §4, §7): a scene is what a screen shows, found by its path, made
 * of regions that each play a stream; a stream is an ordered, looping list of segments ('Filmsequenz'); a device
 * ('TV') is a screen at a branch that plays its scene and takes commands.
 */

export {
  FrameOrigin,
  isFrameOrigin,
  isMediaOrigin,
  originOf,
  SEGMENT_FRAME_ORIGINS_MAX,
  videoOriginOf,
} from './origins.js';
export * from './scene.schema.js';
export * from './device.schema.js';
export * from './player.schema.js';

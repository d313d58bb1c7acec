// What the player on a TV sends and gets: heartbeats, command results, its schedule, the boards, its pushes.
import { z } from 'zod';
import type { ErrorCode, FieldError } from '../api/envelope.js';
import type { Category, Menu, Product } from '../catalogue/catalogue.schema.js';
import { Id, IsoDateTime, type OpeningHoursRule } from '../catalogue/common.schema.js';
import { PLAYER_IDLE_REASONS, SIGNAGE_COMMAND_STATES, SIGNAGE_COMMAND_TYPES, SignageCommand } from './device.schema.js';
import { SceneRegion, SEGMENT_TRANSITIONS, SegmentType } from './scene.schema.js';

/** The player's report with its heartbeat (every 20 s). */
export const PlayerHeartbeatInput = z.object({
  currentScene: Id.nullable().default(null),
  isScreenOn: z.boolean().nullable().default(null),
  /** why it shows its idle screen (null: it plays its scene); the back office's TV list names it */
  idle: z.enum(PLAYER_IDLE_REASONS).nullable().default(null),
});
export type PlayerHeartbeatInput = z.input<typeof PlayerHeartbeatInput>;

/**
 * The longest result a player may report (a screenshot's JPEG data URL): the report and the screenshot's answer
 * travel over NATS, whose messages are at most 1 MB by default, so a result leaves room for the envelope.
 */
export const PLAYER_RESULT_MAX_CHARS = 700_000;

/** The player's report of a command it ran. */
export const PlayerCommandResultInput = z.object({
  ok: z.boolean(),
  result: z.string().max(PLAYER_RESULT_MAX_CHARS).nullable().default(null),
});
export type PlayerCommandResultInput = z.input<typeof PlayerCommandResultInput>;

/** A segment as the player plays it (a board resolved to its branch, an image to its URL). */
export interface PlayerSegment {
  id: number;
  type: SegmentType;
  name: string;
  /** image: /image/…; video, web: the URL */
  url: string | null;
  text: string | null;
  durationSeconds: number;
  daypart: OpeningHoursRule[] | null;
  transition: (typeof SEGMENT_TRANSITIONS)[number];
}
/** GET /api/digital-signage-streams/{id}/preview: a stream's segments as the player plays them (staff only). */
export interface StreamPreview {
  id: number;
  name: string;
  segments: PlayerSegment[];
}
export interface PlayerRegion extends Omit<SceneRegion, 'stream'> {
  stream: number;
  segments: PlayerSegment[];
}
export interface PlayerScene {
  id: number;
  path: string;
  name: string;
  background: string;
  regions: PlayerRegion[];
}
/** GET /api/digital-signage-player/schedule: everything the player needs to play on its own, offline too. */
export interface PlayerSchedule {
  device: { id: number; identifier: string; name: string; branch: number };
  /** a hash of the content: the player keeps its cache while it is unchanged */
  version: string;
  scene: PlayerScene | null;
  /**
   * the screen's power schedule (the branch's opening hours when the device has none; while the catalogue does not
   * answer, the hours it answered last; null, i.e. always on, only when it never answered since the service started)
   */
  powerSchedule: OpeningHoursRule[] | null;
  timeZone: string;
  /** the origins its scenes' web segments may be framed from: the player's page lists them in its CSP `frame-src` */
  frameOrigins: string[];
  /**
   * the origins its scenes' videos play from (those on other hosts): the player's page lists them in its CSP
   * `media-src` and `connect-src` (it fetches them ahead into its offline cache)
   */
  mediaOrigins: string[];
  /** the open command (pending or acknowledged) the player has not finished */
  command: SignageCommand | null;
  /** scenes a show-scene command may switch to, so it works from the cache */
  extraScenes: PlayerScene[];
}

/** GET /api/digital-signage-player/boards/pickup: the branch's ticket numbers by state. */
export interface PickupBoard {
  branch: number;
  inProgress: string[];
  ready: string[];
}

/** GET /api/digital-signage-player/boards/menu: the branch's menus with their categories and products (disabled ones too: shown sold out). */
export interface MenuBoard {
  branch: number;
  timeZone: string;
  menus: Menu[];
  categories: Category[];
  products: Product[];
}

/** Push messages on the player's event stream (server-sent events). */
export type PlayerPush =
  | { type: 'command'; command: SignageCommand }
  | { type: 'abort'; command: SignageCommand }
  /** a scene, stream, segment or the device changed: fetch the schedule again */
  | { type: 'schedule' }
  /** an order of the branch changed */
  | { type: 'pickup' }
  /** the catalogue changed: menu boards reload */
  | { type: 'menu' };

export const PlayerCredentials = z.object({ identifier: z.string().min(1).max(100), key: z.string().min(1).max(128) });
export type PlayerCredentials = z.infer<typeof PlayerCredentials>;

/**
 * Many players' acknowledgements in one bus request (the gateway collects them for a few milliseconds). Lenient on
 * purpose: a bad identifier or key fails its own entry (401), never the others of the batch.
 */
export const PlayerAckBatch = z.object({
  acks: z
    .array(z.object({ identifier: z.string().max(1000), key: z.string().max(1000), command: Id }))
    .min(1)
    .max(1000),
});
export type PlayerAckBatch = z.infer<typeof PlayerAckBatch>;
/** per entry of a PlayerAckBatch, in its order: the command as it stands, or why not (the error envelope) */
export type PlayerAckOutcome =
  { command: SignageCommand } | { error: { status: number; code: ErrorCode; message: string; errors: FieldError[] } };

/** The signage event of a command change (pushed to the device's open stream by the gateway). */
export const SignageCommandEvent = z.object({
  device: z.number().int(),
  command: z.object({
    id: z.number().int(),
    type: z.enum(SIGNAGE_COMMAND_TYPES),
    scene: z.number().int().nullable(),
    state: z.enum(SIGNAGE_COMMAND_STATES),
    createdAt: IsoDateTime,
    expiresAt: IsoDateTime,
    acknowledgedAt: IsoDateTime.nullable(),
    finishedAt: IsoDateTime.nullable(),
    result: z.string().nullable(),
  }),
  at: z.string(),
});
export type SignageCommandEvent = z.infer<typeof SignageCommandEvent>;

import { z } from 'zod';
import { FileRef, Id, Identifier, IsoDateTime, Schedule, type OpeningHoursRule } from '../catalogue/common.schema.js';
import type { Category, EntityMeta, Menu, Product } from '../catalogue/catalogue.schema.js';
import type { ErrorCode, FieldError } from '../api/envelope.js';

/**
 * Digital signage (backoffice-platform.md §1, §3, §4, §7): a scene is what a screen shows, found by its path, made
 * of regions that each play a stream; a stream is an ordered, looping list of segments ('Filmsequenz'); a device
 * ('TV') is a screen at a branch that plays its scene and takes commands.
 */

/** `/filiale/theke`: lower-case words separated by slashes, like a site's path. */
export const ScenePath = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, { error: 'content.path' });

/** A region of the screen in percent of its width and height; the last region listed is on top. */
export const SceneRegion = z.object({
  name: z.string().trim().min(1).max(100),
  x: z.number().min(0).max(100).default(0),
  y: z.number().min(0).max(100).default(0),
  width: z.number().min(1).max(100).default(100),
  height: z.number().min(1).max(100).default(100),
  stream: Id,
});
export type SceneRegion = z.output<typeof SceneRegion>;

export const SceneInput = z.object({
  path: ScenePath,
  name: z.string().trim().min(1).max(200),
  /** the screen's background behind the regions */
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.regex' })
    .default('#000000'),
  regions: z.array(SceneRegion).min(1).max(12),
});
export type SceneInput = z.input<typeof SceneInput>;
export type Scene = z.output<typeof SceneInput> & EntityMeta;

export const SEGMENT_TYPES = ['image', 'video', 'web', 'text', 'pickup-board', 'menu-board'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];
export const SEGMENT_TRANSITIONS = ['none', 'fade', 'slide'] as const;

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}
/**
 * A host name or IP address as URL writes it, and nothing else: WHATWG URLs allow characters such as `;` or `'` in a
 * host, which in a CSP would end a directive or start a keyword.
 */
const plainHost = (url: URL) => /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)$/.test(url.hostname);
/** the most origins one web segment may list */
export const SEGMENT_FRAME_ORIGINS_MAX = 10;
/**
 * Whether `value` is an origin a web segment may be framed from: `https://host[:port]`, or for development
 * `http(s)://localhost[:port]` and `http(s)://name.localhost[:port]` (browsers resolve *.localhost to this machine).
 * Only the bare origin (no path, user, wildcard), so it goes into the player's CSP `frame-src` as it is.
 */
export function isFrameOrigin(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.origin !== value || !plainHost(url)) return false;
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  return url.protocol === 'https:' || (url.protocol === 'http:' && local);
}
export const FrameOrigin = z.string().trim().max(300).refine(isFrameOrigin, { error: 'signage.frameOrigin' });
/** the origin of a web page's URL (null when it is no URL) */
export const originOf = (url: string | null): string | null => (url ? (parseUrl(url)?.origin ?? null) : null);
/**
 * Whether `value` is the origin of a video a segment may name: `http(s)://host[:port]` as URL.origin writes it (so it
 * goes into the player's CSP `media-src` as it is: no path, wildcard, quote or space).
 */
export function isMediaOrigin(value: string): boolean {
  const url = parseUrl(value);
  return !!url && url.origin === value && plainHost(url) && (url.protocol === 'https:' || url.protocol === 'http:');
}
/** a path on this origin (an upload, `/upload/…`): one slash, then no space or backslash */
const isSameOriginPath = (value: string) => /^\/(?![/\\])[^\s\\]*$/.test(value);
/** an absolute http(s) URL */
const isHttpUrl = (value: string) => {
  const url = parseUrl(value);
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
};
/**
 * The origin a video plays from, for the player's CSP `media-src`: that of an absolute URL, null for a path on this
 * origin (`'self'` covers it) or no URL.
 */
export const videoOriginOf = (url: string | null): string | null => {
  const origin = url && isHttpUrl(url) ? originOf(url) : null;
  return origin && isMediaOrigin(origin) ? origin : null;
};

/**
 * A segment: an image (from the media library, as its file reference), a video or a web page (by URL), a text, or a live
 * board of the device's branch (pickup numbers, the active menu). `daypart` uses the opening-hours rule form
 * (weekdays and hours); null plays it at any time.
 */
export const SegmentInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    type: z.enum(SEGMENT_TYPES),
    /** an image of the media library as stored (id, version, extension): its URL is immutable */
    image: FileRef.nullable().default(null),
    /** video, web: an absolute http(s) URL; a video may also be a path on this origin (an upload, `/upload/…`) */
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => isHttpUrl(v) || isSameOriginPath(v), { error: 'validation.url' })
      .nullable()
      .default(null),
    text: z.string().max(2000).nullable().default(null),
    durationSeconds: z.number().int().min(1).max(86_400).default(10),
    daypart: Schedule,
    transition: z.enum(SEGMENT_TRANSITIONS).default('fade'),
    /**
     * web: the origins the page may be framed from on a TV (its URL's origin and those it redirects to); the
     * player's CSP `frame-src` lists those of its scene's web segments and nothing else
     */
    frameOrigins: z
      .array(FrameOrigin.or(z.literal('')))
      .max(SEGMENT_FRAME_ORIGINS_MAX)
      .default([])
      // blank lines of a form's list drop out; each origin once
      .transform((list) => [...new Set(list.filter((o) => o !== ''))]),
  })
  .superRefine((s, ctx) => {
    const need = (field: 'image' | 'url' | 'text') =>
      (s[field] === null || s[field] === '') &&
      ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    if (s.type === 'image') need('image');
    if (s.type === 'video' || s.type === 'web') need('url');
    if (s.type === 'text') need('text');
    // a web page is framed by its origin (frame-src): a path on this origin is for videos only
    if (s.type === 'web' && s.url && !isHttpUrl(s.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation.url' });
    const origin = originOf(s.url);
    if (s.type !== 'web' || !origin) return;
    // a page the player could never frame (http elsewhere than *.localhost) is refused where it is entered
    if (!isFrameOrigin(origin)) ctx.addIssue({ code: 'custom', path: ['url'], message: 'signage.frameOrigin' });
    else if (!s.frameOrigins.includes(origin))
      ctx.addIssue({ code: 'custom', path: ['frameOrigins'], message: 'signage.frameOriginMissing' });
  });
export type SegmentInput = z.input<typeof SegmentInput>;
export type Segment = z.output<typeof SegmentInput> & EntityMeta;

/** A stream: its segments in playing order (ids; a segment may be in several streams), looping. */
export const StreamInput = z.object({
  name: z.string().trim().min(1).max(200),
  segments: z.array(Id).max(500).default([]),
});
export type StreamInput = z.input<typeof StreamInput>;
export type Stream = z.output<typeof StreamInput> & EntityMeta;

/**
 * The device key: the player's password (generated when left empty, 32 characters; only administrators read it).
 * A chosen one has at least 32 characters too (issue 37): 'zu kurz' names the length, the pattern the characters.
 */
export const DeviceKey = z
  .string()
  .min(32)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.regex' });

export const SignageDeviceInput = z.object({
  identifier: Identifier,
  name: z.string().trim().min(1).max(200),
  branch: Id,
  scene: Id.nullable().default(null),
  /** when the screen is on, in opening-hours rule form; null follows the branch's opening hours */
  powerSchedule: Schedule,
  isEnabled: z.boolean().default(true),
  key: DeviceKey.optional(),
});
export type SignageDeviceInput = z.input<typeof SignageDeviceInput>;

export const SIGNAGE_COMMAND_TYPES = [
  'reload',
  'show-scene',
  'screen-on',
  'screen-off',
  'identify',
  'screenshot',
] as const;
export type SignageCommandType = (typeof SIGNAGE_COMMAND_TYPES)[number];
/** pending → acknowledged → done | failed; pending or acknowledged → aborted | expired */
export const SIGNAGE_COMMAND_STATES = ['pending', 'acknowledged', 'done', 'failed', 'aborted', 'expired'] as const;
export type SignageCommandState = (typeof SIGNAGE_COMMAND_STATES)[number];
export const OPEN_COMMAND_STATES: readonly SignageCommandState[] = ['pending', 'acknowledged'];

const SignageCommandFields = z.object({
  type: z.enum(SIGNAGE_COMMAND_TYPES),
  /** show-scene: the scene to show until the next reload */
  scene: Id.nullable().default(null),
  /** a command not acknowledged and finished within this time expires */
  ttlSeconds: z.number().int().min(5).max(86_400).default(300),
});
const sceneForShowScene = (c: { type: SignageCommandType; scene: number | null }, ctx: z.RefinementCtx) => {
  if (c.type === 'show-scene' && c.scene === null)
    ctx.addIssue({ code: 'custom', path: ['scene'], message: 'validation.required' });
};

/** POST /api/digital-signage-devices/{id}/command */
export const SignageCommandInput = SignageCommandFields.superRefine(sceneForShowScene);
export type SignageCommandInput = z.input<typeof SignageCommandInput>;

/** the most TVs one bulk command may reach (its answer and its transaction stay small) */
export const SIGNAGE_BULK_COMMAND_MAX = 2000;
/**
 * POST /api/digital-signage-devices/command: one command to many TVs, named by exactly one of `devices` (the listed
 * TVs, all of them enabled), `branch` (the branch's enabled TVs) or `stream` (the enabled TVs whose scene plays it).
 */
export const SignageBulkCommandInput = SignageCommandFields.extend({
  devices: z.array(Id).min(1).max(SIGNAGE_BULK_COMMAND_MAX).nullable().default(null),
  branch: Id.nullable().default(null),
  stream: Id.nullable().default(null),
}).superRefine((c, ctx) => {
  sceneForShowScene(c, ctx);
  const targets = [c.devices, c.branch, c.stream].filter((t) => t !== null).length;
  if (targets !== 1) ctx.addIssue({ code: 'custom', path: ['devices'], message: 'signage.bulkTarget' });
});
export type SignageBulkCommandInput = z.input<typeof SignageBulkCommandInput>;
/** The TVs that got the command, each with the id of its new (pending) command. */
export interface SignageBulkCommandResult {
  count: number;
  devices: { id: number; command: number }[];
}

export interface SignageCommand {
  id: number;
  type: SignageCommandType;
  scene: number | null;
  state: SignageCommandState;
  createdAt: string;
  expiresAt: string;
  acknowledgedAt: string | null;
  finishedAt: string | null;
  /** the player's report: an error text, or for a screenshot the URL of its picture (never the image data) */
  result: string | null;
}

/** Where staff fetch a screenshot command's picture; the command in the query keeps a cached picture correct. */
export const signageScreenshotUrl = (device: number, command: number) =>
  `/api/digital-signage-devices/${device}/screenshot?c=${command}`;

export type SignageDeviceStatus = 'online' | 'offline';
export interface SignageDevice extends Omit<z.output<typeof SignageDeviceInput>, 'key'>, EntityMeta {
  /** administrators only */
  key?: string;
  status: SignageDeviceStatus;
  lastSeenAt: string | null;
  /** the scene the player reported showing (a show-scene command may differ from `scene`) */
  currentScene: number | null;
  isScreenOn: boolean | null;
  /** the latest command, whatever its state */
  command: SignageCommand | null;
}

/** The player's report with its heartbeat (every 20 s). */
export const PlayerHeartbeatInput = z.object({
  currentScene: Id.nullable().default(null),
  isScreenOn: z.boolean().nullable().default(null),
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

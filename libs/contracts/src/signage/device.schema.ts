// The signage devices ('TV') and the commands staff send them.
import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { Id, Identifier, Schedule } from '../catalogue/common.schema.js';

/**
 * The device key: the player's password (generated when left empty, 32 characters). Shown once (issue 42): only the
 * create answer and the rotate-key answer carry it, never a list, a detail or an update answer.
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

/**
 * Why a TV shows its idle screen (logo and clock) instead of its scene (issue 42): what the player reports with its
 * heartbeat (`PLAYER_IDLE_REASONS`: outside its power schedule, switched off by a command, no scene), or disabled.
 */
export const PLAYER_IDLE_REASONS = ['outside-schedule', 'screen-off', 'no-scene'] as const;
export type PlayerIdleReason = (typeof PLAYER_IDLE_REASONS)[number];
export const SIGNAGE_IDLE_REASONS = ['disabled', ...PLAYER_IDLE_REASONS] as const;
export type SignageIdleReason = (typeof SIGNAGE_IDLE_REASONS)[number];

/** POST /api/digital-signage-devices/{id}/rotate-key: the TV with its new key (shown once); old sign-ins end. */
export interface SignageKeyRotation {
  device: SignageDevice;
  key: string;
}
export interface SignageDevice extends Omit<z.output<typeof SignageDeviceInput>, 'key'>, EntityMeta {
  /** only in the create answer (shown once; a lost key is replaced by rotate-key, `SignageKeyRotation`) */
  key?: string;
  status: SignageDeviceStatus;
  lastSeenAt: string | null;
  /** the scene the player reported showing (a show-scene command may differ from `scene`) */
  currentScene: number | null;
  isScreenOn: boolean | null;
  /** the latest command, whatever its state */
  command: SignageCommand | null;
  /** why it shows its idle screen (null: it plays its scene, or it is offline) */
  idle: SignageIdleReason | null;
}

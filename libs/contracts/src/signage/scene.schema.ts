// Scenes, the segments ('Filmsequenz') they play and the streams that order them.
import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { FileRef, Id, Schedule } from '../catalogue/common.schema.js';
import {
  FrameOrigin,
  isFrameOrigin,
  isHttpUrl,
  isSameOriginPath,
  originOf,
  SEGMENT_FRAME_ORIGINS_MAX,
} from './origins.js';

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

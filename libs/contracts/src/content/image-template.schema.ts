import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { Id, Identifier } from '../catalogue/common.schema.js';

const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.invalid' });
const Position = z.number().int().min(0).max(8000).default(0);
const Size = z.number().int().min(1).max(8000).nullable().default(null);

/** A picture of the image library, placed at x/y (top left) and scaled to width/height when given. */
export const ImageLayerInput = z.object({
  type: z.literal('image'),
  image: Id,
  x: Position,
  y: Position,
  width: Size,
  height: Size,
});
/** A text in one of the offered font families (GET /api/fonts; empty: the system's sans-serif), wrapped at width. */
export const TextLayerInput = z.object({
  type: z.literal('text'),
  text: z.string().max(1000),
  x: Position,
  y: Position,
  width: Size,
  fontFamily: z.string().trim().max(64).default(''),
  fontVariant: z.string().trim().max(20).default('regular'),
  fontSize: z.number().int().min(4).max(400).default(32),
  color: HexColor.default('#000000'),
});
export const TemplateLayerInput = z.discriminatedUnion('type', [ImageLayerInput, TextLayerInput]);
export type TemplateLayer = z.output<typeof TemplateLayerInput>;

/**
 * backoffice-platform.md §3 "image template: id, identifier, layers": a canvas (size, background) and its layers,
 * bottom first. Rendering it makes a new image of the library.
 */
export const ImageTemplateInput = z.object({
  identifier: Identifier,
  width: z.number().int().min(1).max(4000).default(1200),
  height: z.number().int().min(1).max(4000).default(630),
  background: HexColor.default('#ffffff'),
  layers: z.array(TemplateLayerInput).max(50).default([]),
});
export type ImageTemplateInput = z.input<typeof ImageTemplateInput>;
export interface ImageTemplate extends EntityMeta, z.output<typeof ImageTemplateInput> {}

/** POST /api/image-templates/{id}/render: the new image's name, and texts that replace a text layer's (by position). */
export const ImageTemplateRenderInput = z.object({
  name: z.string().trim().max(255).optional(),
  texts: z.record(z.string().regex(/^\d{1,2}$/), z.string().max(1000)).default({}),
});

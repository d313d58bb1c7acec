import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  CRUD_RESOURCES,
  type Image,
  ImageTemplateRenderInput,
  type RpcMap,
  type TemplateLayer,
} from '@shop/contracts';
import { CONFIG, DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { DataSource } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { FontService } from '../fonts/font.service.js';
import { ImageEntity } from '../images/image.entity.js';
import { ImageService } from '../images/image.service.js';
import { ImageTemplateEntity } from './image-template.entity.js';
import { NOUNS } from '@shop/i18n-de';

const escapeMarkup = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Renders an image template (issue 16 "Image templates render their layers … into a new image on request"): the
 * canvas in its background colour, each layer composited bottom first with sharp, the result stored as a new image
 * of the library. Text is laid out by Pango (sharp's text input) with the chosen family's font file, the one the
 * fonts route stores from its upstream: an SVG <text> would be drawn by librsvg, which ignores @font-face and would
 * fall back to a system font.
 */
@Injectable()
export class RenderTemplate {
  private readonly root: string;
  constructor(
    private readonly ds: DataSource,
    private readonly images: ImageService,
    private readonly fonts: FontService,
    @Inject(CONFIG) config: ContentConfig,
  ) {
    this.root = resolve(config.FILES_DIR);
  }

  async layers(actor: Actor | null, id: number): Promise<TemplateLayer[]> {
    requireAccess(actor, 'staff');
    return (await this.template(id)).layers;
  }

  async execute(actor: Actor | null, { id, body }: RpcMap['content.image-template.render']['req']): Promise<Image> {
    requireAccess(actor, 'staff');
    const input = parseOrThrow(ImageTemplateRenderInput, body ?? {});
    const tpl = await this.template(id);
    const overlays: OverlayOptions[] = [];
    for (const [i, layer] of tpl.layers.entries()) {
      const rendered =
        layer.type === 'image' ? await this.imageLayer(layer) : await this.textLayer(layer, input.texts[String(i)]);
      const fitted = await fit(rendered, layer.x, layer.y, tpl.width, tpl.height);
      if (fitted) overlays.push({ input: fitted, left: layer.x, top: layer.y });
    }
    const png = await sharp({
      create: { width: tpl.width, height: tpl.height, channels: 4, background: tpl.background },
    })
      .composite(overlays)
      .png()
      .toBuffer();
    const name = input.name || tpl.identifier;
    return this.images.storeGenerated(png, { name, alt: name });
  }

  private async template(id: number): Promise<ImageTemplateEntity> {
    const tpl = await this.ds.getRepository(ImageTemplateEntity).findOneBy({ id });
    if (!tpl) throw DomainException.notFound(CRUD_RESOURCES['image-templates'].label);
    return tpl;
  }

  private async imageLayer(layer: Extract<TemplateLayer, { type: 'image' }>): Promise<Buffer> {
    const image = await this.ds.getRepository(ImageEntity).findOneBy({ id: layer.image });
    if (!image) throw DomainException.notFound(NOUNS.image);
    const bytes = await readFile(join(this.root, 'image', `${image.id}-${image.version}.${image.extension}`));
    const resize =
      layer.width || layer.height ? { width: layer.width ?? undefined, height: layer.height ?? undefined } : null;
    const pipeline = sharp(bytes, { animated: false }).rotate().ensureAlpha();
    return (resize ? pipeline.resize({ ...resize, fit: 'fill' }) : pipeline).png().toBuffer();
  }

  private async textLayer(
    layer: Extract<TemplateLayer, { type: 'text' }>,
    replacement?: string,
  ): Promise<Buffer | null> {
    const text = replacement ?? layer.text;
    if (!text.trim()) return null;
    const fontfile = layer.fontFamily ? await this.fonts.fontFile(layer.fontFamily, layer.fontVariant) : undefined;
    return sharp({
      text: {
        text: `<span foreground="${layer.color}">${escapeMarkup(text)}</span>`,
        font: `${layer.fontFamily || 'sans-serif'} ${layer.fontSize}`,
        fontfile,
        width: layer.width ?? undefined,
        rgba: true,
        dpi: 72,
        wrap: 'word',
      },
    })
      .png()
      .toBuffer();
  }
}

/** The part of an overlay that lies on the canvas (sharp refuses overlays that reach past its edges). */
async function fit(overlay: Buffer | null, x: number, y: number, width: number, height: number) {
  if (!overlay || x >= width || y >= height) return null;
  const meta = await sharp(overlay).metadata();
  const w = Math.min(meta.width ?? 0, width - x);
  const h = Math.min(meta.height ?? 0, height - y);
  if (w <= 0 || h <= 0) return null;
  if (w === meta.width && h === meta.height) return overlay;
  return sharp(overlay).extract({ left: 0, top: 0, width: w, height: h }).png().toBuffer();
}

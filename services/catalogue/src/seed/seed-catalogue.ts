import type { FileRef } from '@shop/contracts';
import {
  CrudService,
  type AnyCrudDefinition,
  type AnyCrudService,
  type CrudDefinition,
  type OutboxKicker,
} from '@shop/server';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource, ObjectLiteral } from 'typeorm';
import { CATALOGUE_CRUD, type CatalogueResource } from '../crud.providers.js';
import { ShopConfigService } from '../shop-config/shop-config.service.js';
import { demoShop } from './demo-shop.data.js';
import type { DemoImage, DemoShop } from './demo-shop.types.js';

/** Seed source files (images/) live next to the compiled module in src, not in dist. */
const IMAGES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/seed/images');
/** A drawing's image: a logo (the shop's, the donatees') as PNG, transparent around its shape; a picture as JPEG. */
function stored(file: string): { name: string; raster: 'jpg' | 'png' } {
  const raster = /^(logo|spende)-/.test(file) ? 'png' : 'jpg';
  return { name: file.replace(/\.svg$/, `.${raster}`), raster };
}

/**
 * Stores the demo's image files as images (the content service owns them; callers pass its seeder) and
 * answers file name → reference.
 */
export type DemoImageStore = (
  files: Array<{ name: string; path: string; alt?: string; raster: 'jpg' | 'png' }>,
) => Promise<Record<string, Pick<FileRef, 'id' | 'version' | 'extension'>>>;

export interface SeedResult {
  branchIds: Record<string, number>;
  counts: Record<string, number>;
}

/**
 * Idempotent demo seed: every entity is matched by its natural key (identifier or name) and created or
 * replaced through the same CrudService as the API, so the data passes the API's validation and every
 * write leaves its event in the outbox (the running service's relay publishes it).
 * The images the shop refers to are stored first, so their ids come from the content service's image table.
 */
export async function seedCatalogue(
  ds: DataSource,
  images: DemoImageStore,
  today = new Date(),
  shop: DemoShop = demoShop(today),
  /** the running service's relay, to publish at once; otherwise its next poll does */
  relay: OutboxKicker = { kick: () => Promise.resolve() },
): Promise<SeedResult> {
  const crud = Object.fromEntries(
    Object.entries(CATALOGUE_CRUD).map(([name, def]) => [name, new CrudService(def as AnyCrudDefinition, ds, relay)]),
  ) as Record<CatalogueResource, AnyCrudService>;

  const pictures = [
    ...shop.tags.map((t) => t.image),
    ...shop.branches.flatMap((b) => [...b.images, b.logo]),
    ...shop.categories.map((c) => c.image),
    ...shop.products.flatMap((p) => p.images),
    ...shop.donatees.map((d) => d.image),
  ].filter((img): img is DemoImage => img !== null);
  // one image per file, with the first alt text the shop gives it (each reference keeps its own); the drawings are
  // stored as the raster images a shop uploads (seedImages: JPEG photos, PNG logos), named so
  const files = new Map<string, { name: string; path: string; alt?: string; raster: 'jpg' | 'png' }>();
  for (const img of pictures) {
    if (!files.has(img.file))
      files.set(img.file, { ...stored(img.file), path: join(IMAGES_DIR, img.file), alt: img.alt });
  }
  const refs = await images([...files.values()]);
  const image = (img: DemoImage): FileRef => ({
    ...refs[stored(img.file).name],
    ...(img.alt ? { alt: img.alt } : {}),
  });
  const maybeImage = (img: DemoImage | null) => (img ? image(img) : null);

  /** create or replace by natural key; returns key → id */
  async function upsert<T extends { [k: string]: unknown }>(
    resource: CatalogueResource,
    items: T[],
    keyOf: (t: T) => string,
    column: string,
    body: (t: T) => object,
  ) {
    const target = (CATALOGUE_CRUD[resource] as unknown as CrudDefinition<ObjectLiteral & { id: number }, unknown>)
      .target;
    const ids: Record<string, number> = {};
    for (const item of items) {
      const key = keyOf(item);
      if (key in ids) throw new Error(`duplicate demo ${resource} key ${key}`);
      const existing = await ds
        .getRepository(target)
        .findOne({ where: { [column]: String(item[column] ?? key) }, select: { id: true } });
      const saved = await crud[resource].saveForService({ id: existing?.id, body: body(item) });
      ids[key] = (saved as { id: number }).id;
    }
    return ids;
  }

  await new ShopConfigService(ds, relay).saveForService(shop.config);
  const divisionIds = await upsert(
    'divisions',
    shop.divisions,
    (d) => d.identifier,
    'identifier',
    (d) => d,
  );
  const tagIds = await upsert(
    'tags',
    shop.tags,
    (t) => t.key,
    'name',
    ({ key: _k, image: img, ...t }) => ({ ...t, image: image(img) }),
  );
  const branchIds = await upsert(
    'branches',
    shop.branches,
    (b) => b.identifier,
    'identifier',
    ({ divisionIdentifier, tagKeys, images, logo, ...b }) => ({
      ...b,
      division: { id: divisionIds[divisionIdentifier] },
      tags: tagKeys.map((k) => ({ id: tagIds[k] })),
      images: images.map(image),
      logo: maybeImage(logo),
    }),
  );
  const categoryIds = await upsert(
    'categories',
    shop.categories,
    (c) => c.key,
    'name',
    ({ key: _k, image: img, ...c }) => ({ ...c, image: maybeImage(img) }),
  );
  const productIds = await upsert(
    'products',
    shop.products,
    (p) => p.key,
    'name',
    ({ key: _k, images, ...p }) => ({ ...p, images: images.map(image) }),
  );
  await upsert(
    'menus',
    shop.menus,
    (m) => m.key,
    'name',
    ({ key: _k, branchIdentifiers, catalog, ...m }) => ({
      ...m,
      branches: branchIdentifiers.map((b) => branchIds[b]),
      catalog: {
        categories: catalog.map((c) => ({
          id: categoryIds[c.category],
          products: c.products.map((p) =>
            typeof p === 'string' ? { id: productIds[p] } : { ...p, key: undefined, id: productIds[p.key] },
          ),
        })),
      },
    }),
  );
  await upsert(
    'tables',
    shop.tables,
    (t) => t.identifier,
    'identifier',
    ({ branchIdentifier, ...t }) => ({ ...t, branch: branchIds[branchIdentifier] }),
  );
  await upsert(
    'donatees',
    shop.donatees,
    (d) => d.identifier,
    'identifier',
    ({ image: img, ...d }) => ({ ...d, image: maybeImage(img) }),
  );

  return {
    branchIds,
    counts: {
      divisions: shop.divisions.length,
      branches: shop.branches.length,
      tags: shop.tags.length,
      categories: shop.categories.length,
      products: shop.products.length,
      menus: shop.menus.length,
      tables: shop.tables.length,
      donatees: shop.donatees.length,
      images: files.size,
    },
  };
}

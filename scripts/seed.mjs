#!/usr/bin/env node
// Seeds the German demo shop (idempotent): the demo images (content), the catalogue that refers to them, the
// staff users that reference its branches, then the content demo of both websites (navigations, forms, the legal
// pages, the real-estate site) and the demo staff's planned and worked weeks. Dev only: npm start, the compose `dev`
// profile and the benches run it, production never.
import { DataSource } from 'typeorm';

/** The demo's users have published passwords: a production database must never get them. */
export class ProductionSeedRefused extends Error {
  constructor() {
    super('the demo seed refuses to run under NODE_ENV=production: its users have published passwords');
  }
}

/** the services' built seeds, loaded only once the guard passed (a refusal needs no build) */
async function seeds() {
  const [server, catalogue, content, contentSeed, images, shop, catalogueSeed, identity, users, time, timeSeed] =
    await Promise.all([
      import('@shop/server'),
      import('../services/catalogue/dist/database/data-source.js'),
      import('../services/content/dist/database/data-source.js'),
      import('../services/content/dist/seed/seed-content.js'),
      import('../services/content/dist/seed/seed-images.js'),
      import('../services/catalogue/dist/seed/demo-shop.data.js'),
      import('../services/catalogue/dist/seed/seed-catalogue.js'),
      import('../services/identity/dist/database/data-source.js'),
      import('../services/identity/dist/seed/seed-users.js'),
      import('../services/time-tracking/dist/database/data-source.js'),
      import('../services/time-tracking/dist/seed/seed-time-tracking.js'),
    ]);
  return {
    ...server,
    ...catalogue,
    ...content,
    ...contentSeed,
    ...images,
    ...shop,
    ...catalogueSeed,
    ...identity,
    ...users,
    ...time,
    ...timeSeed,
  };
}

export async function seedAll({
  url = process.env.DATABASE_URL,
  filesDir = process.env.FILES_DIR ?? 'var/files',
  today = new Date(),
} = {}) {
  if (process.env.NODE_ENV === 'production') throw new ProductionSeedRefused();
  const {
    dataSourceOptions,
    catalogueDatabase,
    contentDatabase,
    seedContent,
    seedImages,
    demoShop,
    seedCatalogue,
    identityDatabase,
    seedUsers,
    timeTrackingDatabase,
    seedTimeTracking,
  } = await seeds();
  const shop = demoShop(today);
  const catalogue = await new DataSource(dataSourceOptions(catalogueDatabase(url))).initialize();
  const identity = await new DataSource(dataSourceOptions(identityDatabase(url))).initialize();
  const content = await new DataSource(dataSourceOptions(contentDatabase(url))).initialize();
  try {
    const result = await seedCatalogue(catalogue, (files) => seedImages(content, filesDir, files), today, shop);
    await seedUsers(identity, shop.users, result.branchIds);
    const demo = await seedContent(content, filesDir, {
      legalTexts: shop.config,
      branches: shop.branches,
      branchIds: result.branchIds,
    });
    // a week worked and two weeks planned for the demo staff, at their first branch
    const ids = await identity.query(`SELECT id, username FROM "identity"."user" WHERE username = ANY($1)`, [
      shop.users.map((u) => u.username.toLowerCase()),
    ]);
    const staff = shop.users.map((u) => ({
      user: ids.find((r) => r.username === u.username.toLowerCase()).id,
      branch: result.branchIds[u.branchIdentifiers[0]],
    }));
    const timeTracking = await new DataSource(dataSourceOptions(timeTrackingDatabase(url))).initialize();
    try {
      const worked = await seedTimeTracking(timeTracking, staff, { today });
      result.counts.workingSchedules = worked.schedules;
      result.counts.workingActivities = worked.activities;
    } finally {
      await timeTracking.destroy();
    }
    return {
      ...result,
      counts: { ...result.counts, ...demo.counts },
      users: shop.users.map(({ username, password, roles }) => ({ username, password, roles })),
    };
  } finally {
    await catalogue.destroy();
    await identity.destroy();
    await content.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await seedAll().catch((err) => {
    if (!(err instanceof ProductionSeedRefused)) throw err;
    console.error(`✖ ${err.message}`);
    process.exit(1);
  });
  console.log(
    'demo shop seeded:',
    Object.entries(result.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', '),
  );
}

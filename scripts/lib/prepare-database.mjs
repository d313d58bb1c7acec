// The database of DATABASE_URL created when missing, migrated and seeded with the demo, in a process of its own
// (issue 45: run inside `npm start`, the migrations' and seeds' modules — every service's entities, TypeORM, the
// demo's builders — stayed in the start script's memory for the stack's lifetime, 560 MB of its 620 MB at rest).
// Prints what it did; the last line of its output is the seed's result as JSON behind RESULT_MARK.
import { ensureDatabase } from './env.mjs';

export const RESULT_MARK = '\u0000prepared:';

if (import.meta.url === `file://${process.argv[1]}`) {
  await ensureDatabase(process.env.DATABASE_URL);
  const { migrateAll } = await import('../migrate.mjs');
  const applied = await migrateAll(process.env.DATABASE_URL);
  for (const [name, list] of Object.entries(applied))
    console.log(`› migrated ${name}: ${list.length ? list.join(', ') : 'up to date'}`);
  const { seedAll } = await import('../seed.mjs');
  const seeded = await seedAll({ url: process.env.DATABASE_URL });
  console.log(
    `› demo shop seeded: ${Object.entries(seeded.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
  console.log(RESULT_MARK + JSON.stringify({ counts: seeded.counts, users: seeded.users }));
}

// order-full-bench's end check: every order answered 201 is in the database, its outbox rows are published and its
// jobs done (job_completion).
import { sleep } from '../stack.mjs';

/** What became of the orders answered 201 (uids): in the database, their events published, their jobs done. */
export async function check(db, uids) {
  const {
    rows: [r],
  } = await db.query(
    `WITH answered AS (SELECT id FROM "order"."order" WHERE uid = ANY($1)),
          rows AS (SELECT o.subject, o."publishedAt", o.payload FROM "order"."outbox" o
                   WHERE (o.subject = 'order.order.created' AND (o.payload->>'id')::int IN (SELECT id FROM answered))
                      OR (o.subject LIKE 'job.%' AND (o.payload->'data'->'snapshot'->'order'->>'id')::int IN (SELECT id FROM answered)))
     SELECT (SELECT count(*) FROM answered)::int AS answered,
            (SELECT count(DISTINCT (payload->>'id')) FROM rows WHERE subject = 'order.order.created')::int AS events,
            (SELECT count(*) FROM rows WHERE "publishedAt" IS NULL)::int AS unpublished,
            (SELECT count(*) FROM rows WHERE subject LIKE 'job.%')::int AS jobs,
            (SELECT count(*) FROM rows WHERE subject LIKE 'job.%' AND NOT EXISTS
               (SELECT 1 FROM "order"."job_completion" c WHERE c."jobId" = rows.payload->>'jobId'))::int AS jobsOpen,
            (SELECT count(*) FROM "order"."order")::int AS orders`,
    [[...uids]],
  );
  return r;
}
/**
 * Cheap counts for waiting: unpublished outbox rows, and job rows minus finished jobs of the whole schema (no JSON
 * read). The full check reads every job row's payload: polled each second during a backlog it was the largest
 * Postgres statement of the run (a sixth of the samples of pg_stat_activity), counted as the orders' Postgres CPU.
 */
async function pending(db) {
  const {
    rows: [r],
  } = await db.query(
    `SELECT (SELECT count(*) FROM "order"."outbox" WHERE "publishedAt" IS NULL)::int AS unpublished,
            ((SELECT count(*) FROM "order"."outbox" WHERE subject LIKE 'job.%')
              - (SELECT count(*) FROM "order"."job_completion"))::int AS open`,
  );
  return r;
}

/** Every job of the orders so far done (the full check), then the cheap count that means "nothing open" for drain. */
export async function settledBaseline(db, uids) {
  await drain(db, uids, 60_000, null);
  return (await pending(db)).open;
}

/**
 * Waits (at most `ms`) until every answered order's events are published and its jobs done; answers the last full
 * check. With a baseline (settledBaseline), it polls the cheap counts until they reach it, then checks in full.
 */
export async function drain(db, uids, ms, baseline) {
  const until = Date.now() + ms;
  if (baseline !== null && baseline !== undefined)
    for (
      let p = await pending(db);
      (p.unpublished > 0 || p.open > baseline) && Date.now() < until;
      p = await pending(db)
    )
      await sleep(250);
  let v = await check(db, uids);
  while ((v.unpublished > 0 || v.jobsopen > 0) && Date.now() < until) {
    await sleep(1000);
    v = await check(db, uids);
  }
  return v;
}

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
/** Waits (at most `ms`) until every answered order's events are published and its jobs done; answers the last check. */
export async function drain(db, uids, ms) {
  let v = await check(db, uids);
  const until = Date.now() + ms;
  while ((v.unpublished > 0 || v.jobsopen > 0) && Date.now() < until) {
    await sleep(1000);
    v = await check(db, uids);
  }
  return v;
}

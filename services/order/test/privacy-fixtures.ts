import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { OrderEntity } from '../src/orders/order.entity.js';
import { orderContext } from './order-fixtures.js';

/**
 * The privacy specs' shop (issue 44): branch 1 in Austria sends SMS and prints on creation (so a new order writes its
 * e-mail, SMS and receipt jobs), branch 2 is German.
 */
export const privacyContexts = () => [
  orderContext(1, { branch: { printOn: 'created' }, config: { enablePluginSMS: true } }),
  orderContext(2, { branch: { country: 'DE', printOn: 'created' }, config: { enablePluginSMS: true } }),
];

/** Anna Berger's order form: every field the customer can fill that names or reaches her. */
export const ANNA = {
  firstName: 'Anna',
  lastName: 'Berger',
  email: 'Anna.Berger@Example.at',
  phone: '+43 660 1234567',
  street: 'Lindenweg 5',
  zipCode: '6020',
  city: 'Innsbruck',
  comment: 'Bitte bei Berger läuten',
};

/** What must not be left anywhere once Anna's data is erased (her first name as a JSON value). */
export const ANNA_TRACES = ['"anna"', 'berger', '660 1234567', '6601234567', 'lindenweg', 'innsbruck', 'läuten'];

/** The traces of `ANNA_TRACES` that a stored value still holds (JSON, case ignored). */
export const tracesIn = (value: unknown): string[] => {
  const text = JSON.stringify(value).toLowerCase();
  return ANNA_TRACES.filter((trace) => text.includes(trace));
};

/** A line's parts as a configured product stores them: an option, a typed text and an uploaded photo. */
export const PARTS = {
  size: { name: 'Familienpizza', price: 4 },
  dedication: 'Alles Gute, Anna Berger!',
  photo: [{ id: 21, publicHash: 'h'.repeat(22), version: 1, extension: 'jpg', filename: 'anna-berger.jpg' }],
};

/** Gives the order's first line the parts of a configured product (the fixture's pizza has no steps). */
export async function configureLine(ds: DataSource, orderId: number): Promise<void> {
  await ds.query(`UPDATE "order"."order_item" SET parts = $2::json WHERE "orderId" = $1 AND position = 0`, [
    orderId,
    JSON.stringify(PARTS),
  ]);
}

/** A completed order's questionnaire, with the customer's comment. */
export async function answerQuestionnaire(ds: DataSource, orderId: number, comment: string): Promise<void> {
  await ds.getRepository(OrderEntity).update(orderId, {
    isCompleted: true,
    questionnaire: { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment },
  });
}

/** Replaces stored customer fields (an order written before phones were normalised, another country). */
export async function setCustomer(ds: DataSource, orderId: number, fields: Record<string, unknown>): Promise<void> {
  await ds.query(`UPDATE "order"."order" SET customer = customer || $2::jsonb WHERE id = $1`, [
    orderId,
    JSON.stringify(fields),
  ]);
}

/** Every row of every table of the order schema that still holds a trace of Anna (`table: row`). */
export async function schemaTraces(ds: DataSource): Promise<string[]> {
  const tables: Array<{ name: string }> = await ds.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'order' ORDER BY 1`,
  );
  const hits: string[] = [];
  for (const { name } of tables) {
    const rows: Array<{ row: string }> = await ds.query(`SELECT t::text AS row FROM "order"."${name}" t`);
    hits.push(...rows.filter(({ row }) => tracesIn(row).length).map(({ row }) => `${name}: ${row}`));
  }
  return hits;
}

/** Every Redis key under the prefix whose value (a BullMQ job's hash, a list, a set …) holds a trace of Anna. */
export async function redisTraces(redisUrl: string, prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl);
  const read: Record<string, (key: string) => Promise<unknown>> = {
    string: (k) => redis.get(k),
    hash: (k) => redis.hgetall(k),
    list: (k) => redis.lrange(k, 0, -1),
    set: (k) => redis.smembers(k),
    zset: (k) => redis.zrange(k, 0, -1),
    stream: (k) => redis.xrange(k, '-', '+'),
  };
  try {
    const hits: string[] = [];
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1000 }) as AsyncIterable<string[]>) {
      for (const key of keys) {
        const value = await read[await redis.type(key)]?.(key);
        if (tracesIn(value).length) hits.push(key);
      }
    }
    return hits;
  } finally {
    redis.disconnect();
  }
}

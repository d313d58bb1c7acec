import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, orderBatchOrders } from '@shop/server';
import type { Logger } from 'pino';
import type { OrderConfig } from '../config/order-config.js';
import { OrderWriteRepository, type OrderInsert, type OrderWritten } from './order-write.repository.js';

/** An error Postgres answered with (a five-character SQLSTATE): the statement did not commit. */
const refusedByPostgres = (err: unknown) =>
  typeof (err as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code);

interface Waiting {
  order: OrderInsert;
  resolve: (written: OrderWritten) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of new orders (issue 45): the orders that reach the service within ORDER_BATCH_WINDOW_MS, or that
 * wait while ORDER_BATCH_IN_FLIGHT batches are being written, are written by one statement in one commit
 * (OrderWriteRepository.insertMany); each caller's promise settles only after that commit, so an order is in
 * Postgres with its outbox before its 201, as before. A batch never holds one Idempotency-Key twice (the second
 * request of a key waits for the next batch and finds the key taken). When Postgres refuses the batch's statement
 * (a row it cannot take), each of its orders is written again on its own, so one bad order fails alone.
 */
@Injectable()
export class OrderGroupCommit {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  /** ends the open window early (a full batch); null: no window open */
  private cancelWindow: (() => void) | null = null;

  constructor(
    private readonly orders: OrderWriteRepository,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The order written with the others of its batch; settles after their commit. */
  write(order: OrderInsert): Promise<OrderWritten> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ order, resolve, reject });
      if (this.waiting.length >= this.config.ORDER_BATCH_MAX) this.flush();
      else this.cancelWindow ??= this.startWindow();
    });
  }

  private startWindow(): () => void {
    const window = this.config.ORDER_BATCH_WINDOW_MS;
    const end = () => {
      this.cancelWindow = null;
      this.flush();
    };
    if (window === 0) {
      const immediate = setImmediate(end);
      return () => clearImmediate(immediate);
    }
    const timer = setTimeout(end, window);
    return () => clearTimeout(timer);
  }

  /** Starts a batch if a slot is free (otherwise the batch that ends next starts it). */
  private flush(): void {
    if (this.inFlight >= this.config.ORDER_BATCH_IN_FLIGHT || !this.waiting.length) return;
    this.cancelWindow?.();
    this.cancelWindow = null;
    const batch = this.take();
    this.inFlight++;
    void this.commit(batch).finally(() => {
      this.inFlight--;
      // those that came while the batch was written have waited long enough
      this.flush();
    });
  }

  /** Up to ORDER_BATCH_MAX waiting orders in arrival order, each Idempotency-Key once; the rest keep waiting. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const keys = new Set<string>();
    for (const w of this.waiting) {
      const key = w.order.idempotencyKey;
      if (batch.length >= this.config.ORDER_BATCH_MAX || (key !== null && keys.has(key))) rest.push(w);
      else {
        if (key !== null) keys.add(key);
        batch.push(w);
      }
    }
    this.waiting = rest;
    return batch;
  }

  private async commit(batch: Waiting[]): Promise<void> {
    let written: OrderWritten[];
    try {
      written = await this.insert(batch);
    } catch (err) {
      // only a statement Postgres refused (it answered with an SQLSTATE: nothing was committed) is tried again
      // order by order; a connection lost on the way may have committed, and an order without a key written twice
      // would be a duplicate: those callers get the error, as a single order's would
      if (batch.length === 1 || !refusedByPostgres(err)) return batch.forEach((w) => w.reject(err));
      this.logger.warn({ err, orders: batch.length }, 'a batch of orders failed: each is written on its own');
      await Promise.all(batch.map((w) => this.commit([w])));
      return;
    }
    // the statement answers one row per order (FROM lock)
    batch.forEach((w, i) => w.resolve(written[i] ?? { locked: false, ticket: null }));
  }

  private insert(batch: Waiting[]): Promise<OrderWritten[]> {
    orderBatchOrders.observe(batch.length);
    return this.orders.onOneConnection((runner) =>
      this.orders.insertMany(
        runner,
        batch.map((w) => w.order),
        this.config.IDEMPOTENCY_TTL_HOURS,
      ),
    );
  }
}

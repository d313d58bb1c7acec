import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  busServerFor,
  configureMicroservice,
  migrate,
  OUTBOX_RELAY,
  type BaseConfig,
  type OutboxRelay,
} from '@shop/server';
import {
  cleanupPrefixes,
  createTestDatabase,
  NATS_URL,
  REDIS_URL,
  uniquePrefixes,
  type TestDatabase,
  type TestDatabaseTemplate,
} from '@shop/testing';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogueModule } from '../../services/catalogue/src/catalogue.module.js';
import { loadCatalogueConfig } from '../../services/catalogue/src/config/catalogue-config.js';
import { catalogueDatabase } from '../../services/catalogue/src/database/data-source.js';
import { demoShop } from '../../services/catalogue/src/seed/demo-shop.data.js';
import { seedCatalogue, type SeedResult } from '../../services/catalogue/src/seed/seed-catalogue.js';
import { loadIdentityConfig } from '../../services/identity/src/config/identity-config.js';
import { identityDatabase } from '../../services/identity/src/database/data-source.js';
import { IdentityModule } from '../../services/identity/src/identity.module.js';
import { seedUsers } from '../../services/identity/src/seed/seed-users.js';
import { loadOrderConfig } from '../../services/order/src/config/order-config.js';
import { orderDatabase } from '../../services/order/src/database/data-source.js';
import { OrderModule } from '../../services/order/src/order.module.js';
import { loadContentConfig } from '../../services/content/src/config/content-config.js';
import { ContentModule } from '../../services/content/src/content.module.js';
import { contentDatabase } from '../../services/content/src/database/data-source.js';
import { seedImages, type SeedImageFile } from '../../services/content/src/seed/seed-images.js';
import { seedContent, type ContentSeedResult } from '../../services/content/src/seed/seed-content.js';
import { loadPaymentConfig } from '../../services/payment/src/config/payment-config.js';
import { paymentDatabase } from '../../services/payment/src/database/data-source.js';
import { PaymentModule } from '../../services/payment/src/payment.module.js';
import { loadStatisticsConfig } from '../../services/statistics/src/config/statistics-config.js';
import { statisticsDatabase } from '../../services/statistics/src/database/data-source.js';
import { StatisticsModule } from '../../services/statistics/src/statistics.module.js';
import { loadTimeTrackingConfig } from '../../services/time-tracking/src/config/time-tracking-config.js';
import { timeTrackingDatabase } from '../../services/time-tracking/src/database/data-source.js';
import { TimeTrackingModule } from '../../services/time-tracking/src/time-tracking.module.js';
import { loadSignageConfig } from '../../services/signage/src/config/signage-config.js';
import { signageDatabase } from '../../services/signage/src/database/data-source.js';
import { SignageModule } from '../../services/signage/src/signage.module.js';
import { seedImageMemo } from './seed-image-memo.js';
import { loadGatewayConfig } from '../../gateway/src/config/gateway-config.js';
import { createGatewayApp } from '../../gateway/src/bootstrap/create-gateway-app.js';
import { listenGateway } from '../../gateway/src/bootstrap/listen-gateway.js';

/**
 * Limits of the hooks that start and close a stack. Under CI's load (two Jest workers, Chromium, a test that runs
 * twenty processes) a start with its seed took up to 90 s where the quiet machine needs 6 s, so every hook allows
 * the same generous time instead of each file guessing its own.
 */
export const STACK_START_MS = 300_000;
export const STACK_CLOSE_MS = 120_000;

/** the database connections one test stack's services share (see the env of startStack) */
const TEST_STACK_CONNECTIONS = 24;

export const ADMIN = { username: 'admin', password: 'Admin-Demo-2026!' };
export const EMPLOYEE = { username: 'mitarbeiter', password: 'Mitarbeiter-2026!' };

export interface Stack {
  baseUrl: string;
  db: TestDatabase;
  prefixes: { nats: string; redis: string };
  env: Record<string, string>;
  gateway: NestFastifyApplication;
  catalogue: INestMicroservice;
  identity: INestMicroservice;
  order: INestMicroservice;
  content: INestMicroservice;
  payment: INestMicroservice;
  statistics: INestMicroservice;
  timeTracking: INestMicroservice;
  signage: INestMicroservice;
  filesDir: string;
  seed(today?: Date): Promise<SeedResult>;
  /** the content demo of both websites (services/content/README.md); seed()'s result adds the branch items */
  seedContent(seeded?: SeedResult): Promise<ContentSeedResult>;
  close(): Promise<void>;
}

/**
 * A port for a server a test starts later. Not from the kernel's ephemeral range (port 0 hands one out from
 * ip_local_port_range, 32768–60999 here): the services' outgoing connections to Postgres, Redis and NATS take their
 * local ports from that range, and one of them took a port freed here before the gateway listened on it
 * (EADDRINUSE, seen when several stacks started at once). Random in 20000–29999, tried until one binds (the
 * replica test's fixed ports lie in 30000–32499).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise((resolve) => server.close(resolve));
      return port;
    }
  }
}

const SERVICE_DATABASES = [
  catalogueDatabase,
  identityDatabase,
  orderDatabase,
  contentDatabase,
  paymentDatabase,
  statisticsDatabase,
  timeTrackingDatabase,
  signageDatabase,
];
const SERVICES_DIR = fileURLToPath(new URL('../../services/', import.meta.url));

/**
 * Every service's schema migrated: built once per machine for the migrations' content (the key is every migration
 * file), then copied for each stack by Postgres (`CREATE DATABASE … TEMPLATE`), which takes a fraction of the time
 * the eight migration runs took per test file.
 */
const MIGRATED: TestDatabaseTemplate = {
  key: readdirSync(SERVICES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => /^[^\\/]+[\\/]src[\\/]database[\\/]migrations[\\/].+\.ts$/.test(f))
    .sort()
    .map((f) => `${f}\n${readFileSync(join(SERVICES_DIR, f), 'utf8')}`)
    .join('\n'),
  async build(url) {
    for (const database of SERVICE_DATABASES) await migrate(database(url));
  },
};

/**
 * The real stack in this test process: its own database (a copy of the migrated template), its own NATS subject
 * and Redis key prefixes, every service on NATS and the gateway on a free port.
 */
export async function startStack(label: string, env: Record<string, string> = {}): Promise<Stack> {
  const db = await createTestDatabase(label, MIGRATED);
  const port = await freePort();
  const prefixes = uniquePrefixes(label);
  const filesDir = mkdtempSync(join(tmpdir(), 'shop-files-'));
  const fullEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    REDIS_URL,
    NATS_URL,
    NATS_SUBJECT_PREFIX: prefixes.nats,
    REDIS_PREFIX: prefixes.redis,
    GATEWAY_PORT: String(port),
    GATEWAY_HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    PAYMENT_HEALTH_PORT: '0',
    CATALOGUE_HEALTH_PORT: '0',
    IDENTITY_HEALTH_PORT: '0',
    ORDER_HEALTH_PORT: '0',
    CONTENT_HEALTH_PORT: '0',
    STATISTICS_HEALTH_PORT: '0',
    TIME_TRACKING_HEALTH_PORT: '0',
    SIGNAGE_HEALTH_PORT: '0',
    FILES_DIR: filesDir,
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    // simulated printers and players poll as fast as a test waits (device-rate-limits.e2e-spec sets its own)
    RATE_LIMIT_PLAYER_PER_MINUTE: '100000',
    RATE_LIMIT_PRINTER_PER_MINUTE: '100000',
    RATE_LIMIT_WEBHOOK_PER_MINUTE: '100000',
    // tests place many orders from one address with the same phone and e-mail (orders-abuse.e2e-spec sets its own)
    ORDER_CHALLENGE_AFTER: '100000',
    ORDER_LIMIT_PER_CLIENT: '100000',
    ORDER_LIMIT_PER_PHONE: '100000',
    ORDER_LIMIT_PER_EMAIL: '100000',
    ACTOR_REFRESH_SECONDS: '0',
    // a bus request waits 5 s in production; under CI's load a login's password hash alone took longer, and the
    // gateway's 503 failed a test about something else (tests of the timeout itself set their own)
    NATS_REQUEST_TIMEOUT_MS: '30000',
    // Postgres at its default max_connections (100) holds two of these stacks (Jest's two workers) beside an
    // `npm start` stack: 2 × 20 here (the budget's pools: order, catalogue, identity, content 3, the others 2) +
    // 29 there + each test file's own clients and the migrations stay under 100 (ARCHITECTURE.md "Database
    // pools"). Small pools make requests queue for a connection, so they may wait up to the bus's 30 s for it.
    DATABASE_CONNECTION_BUDGET: String(TEST_STACK_CONNECTIONS),
    DATABASE_CONNECT_TIMEOUT_MS: '25000',
    ...env,
  };

  // what has started so far, closed again when a later step fails: a half-started stack would otherwise keep
  // polling in this Jest worker for every test file after this one
  const started: Array<{ close(): Promise<unknown> }> = [];
  const service = async <C extends BaseConfig>(
    name: string,
    module: { forRoot(config: C): DynamicModule },
    config: C,
  ) => {
    const app = configureMicroservice(
      await NestFactory.createMicroservice(module.forRoot(config), {
        strategy: busServerFor(name, config),
        logger: false,
      }),
    );
    started.push(app);
    await app.listen();
    return app;
  };
  try {
    const catalogue = await service('catalogue', CatalogueModule, loadCatalogueConfig(fullEnv));
    const identity = await service('identity', IdentityModule, loadIdentityConfig(fullEnv));
    const order = await service('order', OrderModule, loadOrderConfig(fullEnv));
    const content = await service('content', ContentModule, loadContentConfig(fullEnv));
    const payment = await service('payment', PaymentModule, loadPaymentConfig(fullEnv));
    const statistics = await service('statistics', StatisticsModule, loadStatisticsConfig(fullEnv));
    const timeTracking = await service('time-tracking', TimeTrackingModule, loadTimeTrackingConfig(fullEnv));
    const signage = await service('signage', SignageModule, loadSignageConfig(fullEnv));
    const gateway = await createGatewayApp(loadGatewayConfig(fullEnv));
    started.push(gateway);
    await listenGateway(gateway, port, '127.0.0.1');
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      db,
      prefixes,
      env: fullEnv,
      gateway,
      catalogue,
      identity,
      order,
      content,
      payment,
      statistics,
      timeTracking,
      signage,
      filesDir,
      async seed(today = new Date()) {
        const shop = demoShop(today);
        // the demo images become rows of the content service's image table first
        const images = (files: SeedImageFile[]) =>
          seedImages(content.get(DataSource), filesDir, files, content.get<OutboxRelay>(OUTBOX_RELAY), seedImageMemo);
        const result = await seedCatalogue(
          catalogue.get(DataSource),
          images,
          today,
          shop,
          catalogue.get<OutboxRelay>(OUTBOX_RELAY),
        );
        await seedUsers(identity.get(DataSource), shop.users, result.branchIds);
        return result;
      },
      seedContent(seeded) {
        const shop = demoShop(new Date());
        return seedContent(
          content.get(DataSource),
          filesDir,
          { legalTexts: shop.config, branches: shop.branches, branchIds: seeded?.branchIds },
          content.get<OutboxRelay>(OUTBOX_RELAY),
        );
      },
      /** closes the processes the stack holds now (a test may have replaced one, e.g. a restarted service) */
      async close(this: Stack) {
        await this.gateway.close();
        for (const service of [
          this.catalogue,
          this.identity,
          this.order,
          this.content,
          this.payment,
          this.statistics,
          this.timeTracking,
          this.signage,
        ])
          await service.close();
        await db.drop();
        await cleanupPrefixes(prefixes);
        rmSync(filesDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    for (const app of started.reverse()) await app.close().catch(() => undefined);
    await db.drop().catch(() => undefined);
    await cleanupPrefixes(prefixes).catch(() => undefined);
    rmSync(filesDir, { recursive: true, force: true });
    throw err;
  }
}

/** A logged-in staff client: keeps the session cookie and sends the CSRF token with every write. */
export interface StaffClient {
  agent: ReturnType<typeof request.agent>;
  csrf: string;
  user: { id: number; roles: string[]; branches: Array<{ id: number }> };
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  delete(path: string): request.Test;
}

export async function login(
  stack: Stack,
  who: { username: string; password: string; code?: string },
): Promise<StaffClient> {
  const agent = request.agent(stack.baseUrl);
  const res = await agent.post('/backend/login').send(who).expect(200);
  const csrf: string = res.body.data.csrfToken;
  return {
    agent,
    csrf,
    user: res.body.data.user,
    get: (path) => agent.get(path),
    post: (path, body) =>
      agent
        .post(path)
        .set('x-csrf-token', csrf)
        .send(body as object),
    put: (path, body) =>
      agent
        .put(path)
        .set('x-csrf-token', csrf)
        .send(body as object),
    delete: (path) => agent.delete(path).set('x-csrf-token', csrf),
  };
}

/** A complete anonymous takeaway order of one product, paid in cash (the body of POST /api/orders). */
export function takeawayOrder(branch: number, product: number) {
  return {
    branch,
    isDelivery: false,
    isDineIn: false,
    items: [{ product, amount: 1 }],
    firstName: 'Anna',
    lastName: 'Berger',
    email: 'anna.berger@example.at',
    phone: '+43 660 1234567',
    legalInstructions: true,
    privacyPolicy: true,
    paymentMethod: 'cash',
  };
}

/** A simple product of the branch's menu that no schedule restricts. */
export async function orderableProductOf(admin: StaffClient, branchId: number): Promise<number> {
  const categories = (await admin.get('/api/categories').expect(200)).body.data as Array<{
    id: number;
    schedule: unknown;
    isEnabled: boolean;
  }>;
  const menu = (await admin.get(`/api/branches/${branchId}/menus`).expect(200)).body.data[0];
  for (const entry of menu.catalog.categories as Array<{
    id: number;
    products: Array<{ id: number; isEnabled: boolean; schedule: unknown }>;
  }>) {
    const category = categories.find((c) => c.id === entry.id)!;
    if (category.schedule || !category.isEnabled) continue;
    for (const p of entry.products) {
      const product = (await admin.get(`/api/products/${p.id}`).expect(200)).body.data;
      if (
        p.isEnabled &&
        !p.schedule &&
        product.isEnabled &&
        !product.schedule &&
        product.type === 'simple' &&
        product.minimumQuantity <= 1
      )
        return p.id;
    }
  }
  throw new Error('no orderable product');
}

import {
  BranchInput,
  CategoryInput,
  ConfigInput,
  MenuInput,
  ProductInput,
  type Actor,
  type OrderContext,
  type PublicOrder,
  type UploadRef,
} from '@shop/contracts';
import type { OutboxKicker, ServiceBus } from '@shop/server';
import type { DataSource } from 'typeorm';
import type { CatalogueContextCache } from '../src/catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../src/config/order-config.js';
import { OrderGroupCommit } from '../src/orders/order-group-commit.js';
import { OrderWriteRepository } from '../src/orders/order-write.repository.js';
import { OrderEntity } from '../src/orders/order.entity.js';
import { OrderRepository } from '../src/orders/order.repository.js';
import { CreateOrder } from '../src/orders/usecases/create-order/create-order.usecase.js';
import { OrderFormCheck } from '../src/orders/usecases/create-order/order-form.js';
import { OrderChanges } from '../src/orders/usecases/shared/order-changes.js';
import { StaffViews } from '../src/orders/usecases/shared/staff-views.js';
import type { KnownUploads } from '../src/uploads/known-uploads.js';
import { silentLogger, testConfig } from './order-test-database.js';

const ALL_DAY = [{ type: 'daily' as const, from: '00:00', to: '24:00' }];
const meta = (id: number) => ({ id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

/** The product every fixture branch sells: 9.50 a piece, always orderable. */
export const PIZZA = 11;

export const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
/** staff of the given branches */
export const employeeOf = (...branches: number[]): Actor => ({
  id: 2,
  username: 'mitarbeiterin',
  roles: ['ROLE_EMPLOYEE'],
  branches,
});

/**
 * What the catalogue answers `catalogue.order.context` with for a branch open all day: one menu with PIZZA, cash
 * only, takeaway. The use cases read it through CatalogueContextCache; a spec hands them this read model instead
 * of a running catalogue service.
 */
export function orderContext(
  branchId = 1,
  o: { branch?: Partial<BranchInput>; config?: Partial<ConfigInput> } = {},
): OrderContext {
  return {
    branch: {
      ...BranchInput.parse({
        identifier: `filiale-${branchId}`,
        name: `Filiale ${branchId}`,
        openingHours: ALL_DAY,
        deliveryHours: ALL_DAY,
        ...o.branch,
      }),
      ...meta(branchId),
    },
    config: { ...ConfigInput.parse({ shopName: 'Testladen', ...o.config }), updatedAt: meta(1).updatedAt },
    menus: [
      {
        ...MenuInput.parse({
          name: 'Karte',
          availableFrom: '2026-01-01T00:00:00Z',
          branches: [branchId],
          catalog: { categories: [{ id: 21, products: [{ id: PIZZA }] }] },
        }),
        ...meta(31),
      },
    ],
    categories: [{ ...CategoryInput.parse({ name: 'Pizza' }), ...meta(21) }],
    products: [{ ...ProductInput.parse({ name: 'Pizza Margherita', price: 9.5 }), ...meta(PIZZA) }],
    tables: [],
  };
}

/** The catalogue's read model holding these branches' contexts (another branch: none, as for an unknown one). */
export function catalogueOf(...contexts: OrderContext[]): CatalogueContextCache {
  const byId = new Map(contexts.map((c) => [c.branch.id, c]));
  return { get: async (branchId: number) => byId.get(branchId) ?? null } as unknown as CatalogueContextCache;
}

/** Uploads known from no event: every check asks the content service (the kit's bus). */
function uploadsAskedOf(bus: ServiceBus): KnownUploads {
  const missing = async (refs: UploadRef[]) => (await bus.request('content.upload.verify', { refs })).missing;
  return { missing } as unknown as KnownUploads;
}

/** A complete takeaway order of one pizza, paid in cash (the body of POST /api/orders). */
export const takeawayForm = (branch = 1, o: Record<string, unknown> = {}) => ({
  branch,
  isDelivery: false,
  isDineIn: false,
  items: [{ product: PIZZA, amount: 1 }],
  firstName: 'Anna',
  lastName: 'Berger',
  email: 'anna.berger@example.at',
  phone: '+43 660 1234567',
  legalInstructions: true,
  privacyPolicy: true,
  paymentMethod: 'cash',
  ...o,
});

export interface OrderKit {
  config: OrderConfig;
  catalogue: CatalogueContextCache;
  relay: OutboxKicker;
  /** how often the relay was kicked */
  kicks(): number;
  orders: OrderRepository;
  views: StaffViews;
  changes: OrderChanges;
  createOrder: CreateOrder;
  /** a cash order of the branch, as the storefront places it (through CreateOrder) */
  place(branch?: number, form?: Record<string, unknown>): Promise<PublicOrder>;
  /** the stored order */
  stored(id: number): Promise<OrderEntity>;
  /** the events and jobs the use cases left in the outbox (of one order), oldest first */
  outbox(orderId?: number): Promise<Array<{ subject: string; payload: Record<string, unknown> }>>;
}

/**
 * The order use cases' collaborators on a spec's database: the repositories, the shared change frame and views,
 * CreateOrder to place orders, and the catalogue of the given contexts (branch 1 by default). The bus is for use
 * cases that ask another service; the ones built here do not for cash orders without uploads.
 */
export function orderKit(
  ds: DataSource,
  o: { contexts?: OrderContext[]; config?: Partial<OrderConfig>; bus?: ServiceBus } = {},
): OrderKit {
  const config = testConfig({
    IDEMPOTENCY_TTL_HOURS: 24,
    ORDER_MISSED_AFTER_MINUTES: 15,
    PHONE_FORMAT_EXAMPLE: '+43 664 1234567',
    ORDER_BATCH_WINDOW_MS: 2,
    ORDER_BATCH_MAX: 100,
    ORDER_BATCH_IN_FLIGHT: 2,
    ...o.config,
  });
  const catalogue = catalogueOf(...(o.contexts ?? [orderContext(1)]));
  let kicks = 0;
  const relay: OutboxKicker = { kick: async () => void kicks++ };
  const orders = new OrderRepository(ds);
  const views = new StaffViews(orders);
  const changes = new OrderChanges(ds, orders, views, relay);
  const bus = o.bus as ServiceBus;
  const writes = new OrderWriteRepository(ds);
  const createOrder = new CreateOrder(
    ds,
    new OrderFormCheck(catalogue, uploadsAskedOf(bus), config),
    writes,
    new OrderGroupCommit(writes, config, silentLogger()),
    catalogue,
    bus,
    relay,
    config,
  );
  return {
    config,
    catalogue,
    relay,
    kicks: () => kicks,
    orders,
    views,
    changes,
    createOrder,
    place: async (branch = 1, form = {}) => (await createOrder.execute(takeawayForm(branch, form), null)).order,
    stored: (id) => ds.getRepository(OrderEntity).findOneByOrFail({ id }),
    outbox: (orderId) =>
      ds.query(
        `SELECT subject, payload FROM "order"."outbox"
          WHERE $1::text IS NULL OR payload->>'id' = $1 OR payload->'data'->>'orderId' = $1 ORDER BY id`,
        [orderId === undefined ? null : String(orderId)],
      ),
  };
}

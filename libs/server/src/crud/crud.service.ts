import type { Actor, FieldError, ListReply, ListRequest, GetRequest, WriteRequest } from '@shop/contracts';
import { EVENT_SCHEMAS, Id, ListQuery } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import type { DataSource, EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { DomainException } from '../errors/domain-exception.js';
import { addEntityEventToOutbox, type EntityEventName } from '../outbox/entity-event.js';
import type { OutboxKicker } from '../outbox/outbox-relay.js';
import { parseOrThrow } from '../validation/zod-german.js';
import type { CrudDefinition } from './crud-definition.js';
import { containsPattern } from './filters.js';

const PG_UNIQUE_VIOLATION = '23505';

/**
 * A CRUD service of any resource, for code that holds several of them (a registry, a module's providers) and
 * hands each to code typed by its own resource.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type-erased on purpose: the entity and input types differ per resource
export type AnyCrudService = CrudService<any, any>;

/**
 * Standard CRUD (api-contract.md) for one resource: validation with German messages, reference checks,
 * duplicate detection, public scoping, and an event in the outbox in the same transaction as every write.
 */
export class CrudService<E extends ObjectLiteral & { id: number }, I> {
  constructor(
    readonly def: CrudDefinition<E, I>,
    private readonly dataSource: DataSource,
    /** told after each commit so events go out at once (the relay also polls) */
    private readonly relay: OutboxKicker,
  ) {}

  private get repo(): Repository<E> {
    return this.dataSource.getRepository(this.def.target);
  }

  async list(actor: Actor | null, req: ListRequest): Promise<ListReply<unknown>> {
    this.def.authorize(actor, 'read');
    return this.query(
      req,
      (qb, alias) => this.scope(qb, alias, actor),
      (e) => this.def.toDto(e, actor),
    );
  }

  /**
   * For a service that verified its caller's service identity (requireService): every row, unscoped, in the
   * service view. No staff member is involved, so none is pretended.
   */
  listForService(req: ListRequest): Promise<ListReply<unknown>> {
    return this.query(
      req,
      () => undefined,
      (e) => this.serviceView(e),
    );
  }

  /** One row for a verified service (see listForService), or null when there is none. */
  async getForService(req: GetRequest): Promise<unknown> {
    const entity = await this.lookup(req).getOne();
    return entity ? this.serviceView(entity) : null;
  }

  private serviceView(e: E): unknown {
    return this.def.serviceDto ? this.def.serviceDto(e) : this.def.toDto(e, null);
  }

  private async query(
    req: ListRequest,
    scope: (qb: SelectQueryBuilder<E>, alias: string) => void,
    dto: (e: E) => unknown,
  ): Promise<ListReply<unknown>> {
    const common = parseOrThrow(ListQuery, req.query ?? {});
    const filters = parseOrThrow(this.def.filters, req.query ?? {}) as Record<string, unknown>;
    const alias = 'e';
    const qb = this.repo.createQueryBuilder(alias);
    scope(qb, alias);
    this.def.applyFilters?.(qb, alias, filters);
    const searchColumns = this.def.searchColumns;
    if (common.search && searchColumns?.length) {
      const words = common.search
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .slice(0, 10);
      words.forEach((word, i) => {
        const ors = searchColumns.map((c) => `${alias}."${c}" ILIKE :w${i}`).join(' OR ');
        qb.andWhere(`(${ors})`, { [`w${i}`]: containsPattern(word) });
      });
    }
    for (const [col, dir] of Object.entries(this.def.order ?? {}))
      qb.addOrderBy(`${alias}."${col}"`, dir as 'ASC' | 'DESC');
    qb.addOrderBy(`${alias}.id`, 'ASC');
    const perPage = common.perPage ?? 0;
    const page = common.page ?? 1;
    if (perPage) qb.skip((page - 1) * perPage).take(perPage);
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(dto), meta: { total, page, perPage: perPage || total } };
  }

  async get(actor: Actor | null, req: GetRequest): Promise<unknown> {
    this.def.authorize(actor, 'read');
    return this.def.toDto(await this.find(actor, req), actor);
  }

  /** The entity by id or identifier; hidden entities are 404 for anonymous readers. */
  async find(actor: Actor | null, req: GetRequest, manager?: EntityManager): Promise<E> {
    const alias = 'e';
    const qb = this.lookup(req, manager);
    this.scope(qb, alias, actor);
    if (manager) qb.setLock('pessimistic_write');
    const entity = await qb.getOne();
    if (!entity) throw DomainException.notFound(this.def.label);
    return entity;
  }

  /** The query for one row by id or identifier (alias e); a request naming neither is 404. */
  private lookup(req: GetRequest, manager?: EntityManager): SelectQueryBuilder<E> {
    const alias = 'e';
    const qb = (manager ? manager.getRepository(this.def.target) : this.repo).createQueryBuilder(alias);
    if (req.id !== undefined && Id.safeParse(req.id).success) qb.where(`${alias}.id = :id`, { id: req.id });
    else if (req.identifier !== undefined && this.def.identifierColumn) {
      const ident = this.def.identifierOf ? this.def.identifierOf(req.identifier) : req.identifier;
      qb.where(`${alias}."${this.def.identifierColumn}" = :ident`, { ident });
      if (this.def.websiteColumn && req.website)
        qb.andWhere(`${alias}."${this.def.websiteColumn}" = :website`, { website: req.website });
    } else throw DomainException.notFound(this.def.label);
    return qb;
  }

  private scope(qb: SelectQueryBuilder<E>, alias: string, actor: Actor | null): void {
    if (!actor) this.def.publicScope?.(qb, alias);
    else this.def.actorScope?.(qb, alias, actor);
  }

  /** The body is checked here against the resource's schema, whatever the caller claims it is. */
  create(actor: Actor | null, req: WriteRequest<unknown>): Promise<unknown> {
    const input = parseOrThrow(this.def.input, req.body);
    this.def.authorize(actor, 'create', undefined, input);
    return this.write(
      'created',
      (e) => (this.def.createdDto ? this.def.createdDto(e, actor) : this.def.toDto(e, actor)),
      (manager) => this.insert(manager, input),
    );
  }

  update(actor: Actor | null, req: WriteRequest<unknown>): Promise<unknown> {
    const input = parseOrThrow(this.def.input, req.body);
    return this.write(
      'updated',
      (e) => this.def.toDto(e, actor),
      async (manager) => {
        const entity = await this.find(actor, { id: req.id }, manager);
        this.def.authorize(actor, 'update', entity, input);
        await this.apply(manager, entity, input);
        return entity;
      },
    );
  }

  /**
   * For the service's own trusted code (the demo seed): creates the row (no id) or replaces it (id), with the
   * API's validation, reference checks and event, unscoped, answering the service view. No staff member is
   * involved, so none is pretended and no staff rule applies.
   */
  saveForService(req: WriteRequest<unknown>): Promise<unknown> {
    const input = parseOrThrow(this.def.input, req.body);
    if (req.id === undefined)
      return this.write(
        'created',
        (e) => this.serviceView(e),
        (manager) => this.insert(manager, input),
      );
    return this.write(
      'updated',
      (e) => this.serviceView(e),
      async (manager) => {
        const entity = await this.lookup({ id: req.id }, manager).setLock('pessimistic_write').getOne();
        if (!entity) throw DomainException.notFound(this.def.label);
        await this.apply(manager, entity, input);
        return entity;
      },
    );
  }

  private async insert(manager: EntityManager, input: I): Promise<E> {
    const entity = manager.getRepository(this.def.target).create();
    await this.apply(manager, entity, input);
    return entity;
  }

  async delete(actor: Actor | null, req: { id: number }): Promise<null> {
    await this.write(
      'deleted',
      () => null,
      async (manager) => {
        const entity = await this.find(actor, { id: req.id }, manager);
        this.def.authorize(actor, 'delete', entity);
        await this.def.beforeDelete?.(manager, entity);
        const snapshot = { ...entity };
        await manager.getRepository(this.def.target).delete(entity.id);
        return snapshot as E;
      },
    );
    return null;
  }

  private async apply(manager: EntityManager, entity: E, input: I): Promise<void> {
    const refErrors = (await this.def.checkReferences?.(manager, input)) ?? [];
    if (refErrors.length) throw DomainException.validation(refErrors);
    await this.def.assign(input, entity, manager);
    await this.checkUnique(manager, entity);
    await manager.getRepository(this.def.target).save(entity);
  }

  private async checkUnique(manager: EntityManager, entity: E): Promise<void> {
    const errors: FieldError[] = [];
    for (const unique of this.def.uniqueColumns ?? []) {
      const cols: ReadonlyArray<keyof E & string> = typeof unique === 'string' ? [unique] : unique;
      if (cols.some((col) => entity[col] === null || entity[col] === undefined)) continue;
      const qb = manager.getRepository(this.def.target).createQueryBuilder('u');
      cols.forEach((col, i) => qb.andWhere(`u."${col}" = :v${i}`, { [`v${i}`]: entity[col] }));
      if (entity.id) qb.andWhere('u.id <> :id', { id: entity.id });
      if (await qb.getExists()) errors.push({ field: cols.at(-1) ?? null, message: uniqueMessage() });
    }
    if (errors.length) throw new DomainException('DUPLICATE', errors);
  }

  /** One transaction: the change and its event; the relay is kicked after commit. */
  private async write(
    verb: 'created' | 'updated' | 'deleted',
    dto: (e: E) => unknown,
    change: (m: EntityManager) => Promise<E>,
  ): Promise<unknown> {
    let entity: E;
    try {
      entity = await this.dataSource.transaction(async (manager) => {
        const e = await change(manager);
        await addEntityEventToOutbox(manager, this.event(verb), e.id);
        return e;
      });
    } catch (err) {
      throw this.translateDbError(err);
    }
    void this.relay.kick();
    return dto(entity);
  }

  /** The resource's entity event; the event map must know it (else the stream would drop it unseen). */
  private event(verb: 'created' | 'updated' | 'deleted'): EntityEventName {
    const name = `${this.def.service}.${this.def.entity}.${verb}`;
    if (!(name in EVENT_SCHEMAS)) throw new Error(`${name} is not in the event map (libs/contracts/src/bus/events.ts)`);
    return name as EntityEventName;
  }

  private translateDbError(err: unknown): unknown {
    const pg = err as { code?: string; detail?: string };
    if (pg?.code === PG_UNIQUE_VIOLATION) {
      const field = /Key \(("?)([^)"]+)\1\)/.exec(pg.detail ?? '')?.[2] ?? null;
      return new DomainException('DUPLICATE', [{ field, message: uniqueMessage() }]);
    }
    return err;
  }
}

const uniqueMessage = (): string => t('validation.unique');

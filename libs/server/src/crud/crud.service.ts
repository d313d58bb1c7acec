import type { Actor, FieldError, ListReply, ListRequest, GetRequest, WriteRequest } from '@shop/contracts';
import { Id, ListQuery } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { z } from 'zod';
import type { DataSource, EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { DomainException } from '../errors/domain-exception.js';
import { addToOutbox, type OutboxKicker } from '../outbox/outbox-relay.js';
import { parseOrThrow } from '../validation/zod-german.js';

export type CrudVerbKind = 'read' | 'create' | 'update' | 'delete';

/** What a resource tells the generic CRUD handler about itself. */
export interface CrudDefinition<E extends ObjectLiteral & { id: number }, I> {
  service: string;
  /** singular, used in event subjects: catalogue.product.created */
  entity: string;
  /** German label for messages: 'Produkt' */
  label: string;
  target: new () => E;
  input: z.ZodType<I>;
  filters: z.ZodObject;
  /** column looked up when GET /{x} is not numeric */
  identifierColumn?: keyof E & string;
  /** columns matched by ?search= (ILIKE) */
  searchColumns?: Array<keyof E & string>;
  /** columns with a unique index: duplicates answer 409 on that field */
  uniqueColumns?: Array<keyof E & string>;
  order?: Partial<Record<keyof E & string, 'ASC' | 'DESC'>>;
  /** SQL restriction for anonymous readers (public entities only) */
  publicScope?(qb: SelectQueryBuilder<E>, alias: string): void;
  /** SQL restriction for a logged-in reader (an employee sees the rows of their branches) */
  actorScope?(qb: SelectQueryBuilder<E>, alias: string, actor: Actor): void;
  applyFilters?(qb: SelectQueryBuilder<E>, alias: string, filters: Record<string, unknown>): void;
  /** ids referenced by the body that must exist: errors per field */
  checkReferences?(manager: EntityManager, input: I): Promise<FieldError[]>;
  /** throws 403 when the actor may not do this */
  authorize(actor: Actor | null, verb: CrudVerbKind, existing?: E, input?: I): void;
  /** maps the validated body onto entity columns */
  assign(input: I, entity: E, manager: EntityManager): Promise<void> | void;
  /** the JSON the API shows; staff-only fields only for staff */
  toDto(entity: E, actor: Actor | null): unknown;
  /** throws when the entity may not be deleted (still referenced) */
  beforeDelete?(manager: EntityManager, entity: E): Promise<void>;
}

const PG_UNIQUE_VIOLATION = '23505';

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
    const common = parseOrThrow(ListQuery, req.query ?? {});
    const filters = parseOrThrow(this.def.filters, req.query ?? {}) as Record<string, unknown>;
    const alias = 'e';
    const qb = this.repo.createQueryBuilder(alias);
    this.scope(qb, alias, actor);
    this.def.applyFilters?.(qb, alias, filters);
    if (common.search && this.def.searchColumns?.length) {
      const words = common.search.trim().split(/[\s,]+/).filter(Boolean).slice(0, 10);
      words.forEach((word, i) => {
        const ors = this.def.searchColumns!.map((c) => `${alias}."${c}" ILIKE :w${i}`).join(' OR ');
        qb.andWhere(`(${ors})`, { [`w${i}`]: `%${word.replace(/[%_\\]/g, '\\$&')}%` });
      });
    }
    for (const [col, dir] of Object.entries(this.def.order ?? {})) qb.addOrderBy(`${alias}."${col}"`, dir as 'ASC' | 'DESC');
    qb.addOrderBy(`${alias}.id`, 'ASC');
    const perPage = common.perPage ?? 0;
    const page = common.page ?? 1;
    if (perPage) qb.skip((page - 1) * perPage).take(perPage);
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map((r) => this.def.toDto(r, actor)), meta: { total, page, perPage: perPage || total } };
  }

  async get(actor: Actor | null, req: GetRequest): Promise<unknown> {
    this.def.authorize(actor, 'read');
    return this.def.toDto(await this.find(actor, req), actor);
  }

  /** The entity by id or identifier; hidden entities are 404 for anonymous readers. */
  async find(actor: Actor | null, req: GetRequest, manager?: EntityManager): Promise<E> {
    const alias = 'e';
    const qb = (manager ? manager.getRepository(this.def.target) : this.repo).createQueryBuilder(alias);
    if (req.id !== undefined && Id.safeParse(req.id).success) qb.where(`${alias}.id = :id`, { id: req.id });
    else if (req.identifier !== undefined && this.def.identifierColumn) qb.where(`${alias}."${this.def.identifierColumn}" = :ident`, { ident: req.identifier });
    else throw DomainException.notFound(this.def.label);
    this.scope(qb, alias, actor);
    if (manager) qb.setLock('pessimistic_write');
    const entity = await qb.getOne();
    if (!entity) throw DomainException.notFound(this.def.label);
    return entity;
  }

  private scope(qb: SelectQueryBuilder<E>, alias: string, actor: Actor | null): void {
    if (!actor) this.def.publicScope?.(qb, alias);
    else this.def.actorScope?.(qb, alias, actor);
  }

  create(actor: Actor | null, req: WriteRequest): Promise<unknown> {
    const input = parseOrThrow(this.def.input, req.body);
    this.def.authorize(actor, 'create', undefined, input);
    return this.write(actor, 'created', async (manager) => {
      const entity = manager.getRepository(this.def.target).create();
      await this.apply(manager, entity, input);
      return entity;
    });
  }

  update(actor: Actor | null, req: WriteRequest): Promise<unknown> {
    const input = parseOrThrow(this.def.input, req.body);
    return this.write(actor, 'updated', async (manager) => {
      const entity = await this.find(actor, { id: req.id }, manager);
      this.def.authorize(actor, 'update', entity, input);
      await this.apply(manager, entity, input);
      return entity;
    });
  }

  async delete(actor: Actor | null, req: WriteRequest): Promise<null> {
    await this.write(actor, 'deleted', async (manager) => {
      const entity = await this.find(actor, { id: req.id }, manager);
      this.def.authorize(actor, 'delete', entity);
      await this.def.beforeDelete?.(manager, entity);
      const snapshot = { ...entity };
      await manager.getRepository(this.def.target).delete(entity.id);
      return snapshot as E;
    });
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
    for (const col of this.def.uniqueColumns ?? []) {
      const value = entity[col];
      if (value === null || value === undefined) continue;
      const qb = manager.getRepository(this.def.target).createQueryBuilder('u').where(`u."${col}" = :v`, { v: value });
      if (entity.id) qb.andWhere('u.id <> :id', { id: entity.id });
      if (await qb.getExists()) errors.push({ field: col, message: uniqueMessage() });
    }
    if (errors.length) throw new DomainException('DUPLICATE', errors);
  }

  /** One transaction: the change and its event; the relay is kicked after commit. */
  private async write(actor: Actor | null, verb: 'created' | 'updated' | 'deleted', change: (m: EntityManager) => Promise<E>): Promise<unknown> {
    let entity: E;
    try {
      entity = await this.dataSource.transaction(async (manager) => {
        const e = await change(manager);
        await addToOutbox(manager, `${this.def.service}.${this.def.entity}.${verb}`, {
          entity: this.def.entity, id: e.id, verb, at: new Date().toISOString(),
        });
        return e;
      });
    } catch (err) {
      throw this.translateDbError(err);
    }
    void this.relay.kick();
    return verb === 'deleted' ? null : this.def.toDto(entity, actor);
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

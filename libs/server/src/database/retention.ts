import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import type { BaseConfig } from '../config/config.js';
import { Periodic } from '../runtime/periodic.js';
import { CONFIG } from '../runtime/tokens.js';
import { pruneOlderThan, type PruneOptions } from './prune.js';

/** How long rows are kept, in the unit the retention settings count in. */
export type RetentionAge = { days: number } | { hours: number };

/** The time before which a row has outlived `age`. */
export function cutoffBefore(now: Date, age: RetentionAge): Date {
  const ms = 'days' in age ? age.days * 86_400_000 : age.hours * 3_600_000;
  return new Date(now.getTime() - ms);
}

/** pruneOlderThan's table, key and time column of an entity, quoted as its metadata names them. */
export function pruneTarget(
  ds: DataSource,
  entity: EntityTarget<ObjectLiteral>,
  property: string,
): Pick<PruneOptions, 'table' | 'key' | 'column'> {
  const meta = ds.getMetadata(entity);
  const quote = (name: string) => `"${name}"`;
  const keys = meta.primaryColumns.map((c) => quote(c.databaseName));
  const column = meta.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${meta.name} has no column ${property}`);
  return {
    table: meta.tablePath.split('.').map(quote).join('.'),
    // a composite key is compared as a row, `(a, b)`
    key: keys.length === 1 ? keys[0] : `(${keys.join(', ')})`,
    column: quote(column.databaseName),
  };
}

/** The rows of a table that are kept only for a while: those older than `age` by their `column` go. */
export interface RetentionRule {
  entity: EntityTarget<ObjectLiteral>;
  /** the entity's property of the time compared with the cutoff */
  column: string;
  age: RetentionAge;
  /** a further SQL condition every deleted row must meet */
  also?: string;
}

/** Deletes the rows that have outlived the rule's age at `now`, in batches (pruneOlderThan); answers how many went. */
export function pruneRetained(ds: DataSource, now: Date, rule: RetentionRule): Promise<number> {
  const { entity, column, age, also } = rule;
  return pruneOlderThan(ds, { ...pruneTarget(ds, entity, column), cutoff: cutoffBefore(now, age), also });
}

/** One table's retention, swept every `everyMs`. */
export interface TableRetentionRule extends RetentionRule {
  everyMs: number;
}

/** What TableRetention answers: a provider whose sweep deletes the table's old rows and answers how many went. */
export interface TableRetentionClass<C extends BaseConfig> {
  new (ds: DataSource, config: C): { sweep(now?: Date): Promise<number> };
}

/**
 * The retention of one table, as a provider's base class: `export class XRetention extends TableRetention(name,
 * (config) => rule) {}`. Every `rule.everyMs` (the periodic task `name`) its sweep deletes the rows that have
 * outlived the rule's age, in batches (pruneOlderThan); the rule is read from the service's config at each sweep.
 */
export function TableRetention<C extends BaseConfig>(
  name: string,
  rule: (config: C) => TableRetentionRule,
): TableRetentionClass<C> {
  @Injectable()
  class Retention {
    constructor(
      private readonly ds: DataSource,
      @Inject(CONFIG) private readonly config: C,
    ) {}

    @Periodic(name, (config: C) => rule(config).everyMs)
    sweep(now = new Date()): Promise<number> {
      return pruneRetained(this.ds, now, rule(this.config));
    }
  }
  return Retention;
}

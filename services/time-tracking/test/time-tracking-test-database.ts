import type { Actor } from '@shop/contracts';
import { zonedInstant } from '@shop/domain';
import { CrudService, dataSourceOptions, migrate, type AnyCrudDefinition, type DomainException } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { BalanceService } from '../src/balances/balance.service.js';
import { ActivityChangesRepository } from '../src/corrections/activity-changes.repository.js';
import { ActivityWriter } from '../src/corrections/activity-writer.js';
import { timeTrackingDatabase } from '../src/database/data-source.js';
import { HolidayRegions } from '../src/holidays/public-holidays.js';
import { MonthGuard } from '../src/month-close/month-guard.js';
import { MonthLocksRepository } from '../src/month-close/month-locks.repository.js';
import {
  WorkingTimeContext,
  type BranchPlace,
  type WorkingTimeDefaults,
} from '../src/settings/working-time-context.js';

/**
 * A throwaway database for one spec file with the time-tracking schema as its committed migrations build it,
 * for the specs of the service's resources and services against real Postgres.
 */
export async function timeTrackingTestDatabase(
  label: string,
): Promise<{ db: TestDatabase; ds: DataSource; close(): Promise<void> }> {
  const db = await createTestDatabase(label);
  await migrate(timeTrackingDatabase(db.url));
  const ds = await new DataSource(
    dataSourceOptions({ ...timeTrackingDatabase(db.url), migrations: [], poolSize: 4 }),
  ).initialize();
  return {
    db,
    ds,
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
}

/** An outbox relay that is never started (the events stay in the outbox). */
export const idleRelay = { kick: () => Promise.resolve() };

/** A resource definition run by the real CRUD engine, as the service registers it. */
export const crudOf = (definition: unknown, ds: DataSource) =>
  new CrudService(definition as AnyCrudDefinition, ds, idleRelay);

/** The working-time context with the branches' places standing for the catalogue's answers (Vienna otherwise). */
export const contextOf = (ds: DataSource, places: Record<number, BranchPlace> = {}) =>
  new WorkingTimeContext(ds, { ruleSet: 'AT', timeZone: 'Europe/Vienna' }, async (b) => places[b] ?? null);

export const ADMIN: Actor = { id: 900, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
export const employee = (id: number, branches: number[]): Actor => ({
  id,
  username: `emp-${id}`,
  roles: ['ROLE_EMPLOYEE'],
  branches,
});
export const manager = (id: number, branches: number[]): Actor => ({
  id,
  username: `leitung-${id}`,
  roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'],
  branches,
});

/** The refusal of a call (code, German message, field errors), or null when it succeeds. */
export async function refusal(call: () => Promise<unknown>) {
  const err = (await Promise.resolve()
    .then(call)
    .then(
      () => null,
      (e: unknown) => e,
    )) as DomainException | null;
  return err && { code: err.code, message: err.message, errors: err.errors };
}

/**
 * Issue 41's parts on one database, wired as the module wires them (the catalogue's places stand in `places`,
 * identity's branches of a person in `staff`).
 */
export function monthOf(
  ds: DataSource,
  places: Record<number, BranchPlace> = {},
  staff: Record<number, number[]> = {},
  defaults: Partial<WorkingTimeDefaults> = {},
) {
  const context = new WorkingTimeContext(
    ds,
    { ruleSet: 'AT', timeZone: 'Europe/Vienna', country: 'AT', holidayState: null, ...defaults },
    async (b) => places[b] ?? null,
  );
  const locks = new MonthLocksRepository(ds);
  const months = new MonthGuard(locks, context);
  const changes = new ActivityChangesRepository(ds);
  const writer = new ActivityWriter(ds, idleRelay, context, changes, months);
  const balances = new BalanceService(ds, context, async (user) => staff[user] ?? null);
  const regions = new HolidayRegions(ds, context);
  return { context, locks, months, changes, writer, balances, regions };
}

/** An instant of a local day and time in Vienna ('2026-11-03', '08:00'). */
export const vienna = (date: string, hhmm: string) =>
  zonedInstant(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), 'Europe/Vienna').toISOString();

import { CRUD_RESOURCES, WorkingTimeSettingInput, type WorkingTimeSetting } from '@shop/contracts';
import { meta, requireAccess, type CrudDefinition } from '@shop/server';
import type { z } from 'zod';
import { WorkingTimeSettingEntity } from './working-time-setting.entity.js';

/** The rule set of each division (issue 19): staff read (the planner judges by it), administrators write. */
export const workingTimeSettingCrud: CrudDefinition<
  WorkingTimeSettingEntity,
  z.output<typeof WorkingTimeSettingInput>
> = {
  ...CRUD_RESOURCES['working-time-settings'],
  target: WorkingTimeSettingEntity,
  uniqueColumns: ['division'],
  order: { division: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.division !== undefined) qb.andWhere(`${a}."division" = :division`, { division: f.division });
  },
  authorize: (actor, verb) => void requireAccess(actor, verb === 'read' ? 'staff' : 'admin'),
  assign(input, e) {
    e.division = input.division;
    e.ruleSet = input.ruleSet;
  },
  toDto: (e): WorkingTimeSetting => ({ ...meta(e), division: e.division, ruleSet: e.ruleSet }),
};

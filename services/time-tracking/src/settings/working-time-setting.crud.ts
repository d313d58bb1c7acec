import { CRUD_RESOURCES, type WorkingTimeSetting } from '@shop/contracts';
import { defineCrud, equalFilters, meta, requireAccess } from '@shop/server';
import { WorkingTimeSettingEntity } from './working-time-setting.entity.js';

/** The rule set of each division (issue 19): staff read (the planner judges by it), administrators write. */
export const workingTimeSettingCrud = defineCrud(CRUD_RESOURCES['working-time-settings'], WorkingTimeSettingEntity, {
  uniqueColumns: ['division'],
  order: { division: 'ASC' },
  applyFilters: equalFilters('division'),
  authorize: (actor, verb) => void requireAccess(actor, verb === 'read' ? 'staff' : 'admin'),
  assign(input, e) {
    e.division = input.division;
    e.ruleSet = input.ruleSet;
  },
  toDto: (e): WorkingTimeSetting => ({ ...meta(e), division: e.division, ruleSet: e.ruleSet }),
});

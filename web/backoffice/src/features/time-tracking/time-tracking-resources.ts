import { LAW_RULE_SETS, TASK_STATUSES, type LawRuleSet } from '@shop/contracts';
import { WORKING_TIME_RULES } from '@shop/domain';
import { column, defineResource, req } from '../resources/defs/define';
import type { ResourceDef } from '../resources/types';
import { T } from '../../texts';
import { TT } from './time-texts';

const statuses = TASK_STATUSES.map((value) => ({ value, label: TT.taskStatuses[value] }));
/** 'Österreich (AZG)', 'Deutschland (ArbZG)': the names of the rule sets, which are data in libs/domain */
const ruleSets = LAW_RULE_SETS.map((value) => ({ value, label: WORKING_TIME_RULES[value].name }));
/** '§ 9 Abs. 1 AZG, § 11 Abs. 1 AZG, …': the laws each figure of a rule set comes from */
const sourcesOf = (set: LawRuleSet) => {
  const r = WORKING_TIME_RULES[set];
  const all = [r.dailyMaximum.source, ...r.breaks.map((b) => b.source), r.dailyRest.source];
  if (r.weeklyMaximum) all.push(r.weeklyMaximum.source);
  return [...new Set(all)].join(', ');
};

/**
 * Projects and tasks of the time tracking (issue 19) in the back office's generic list and form screens: an
 * activity can name them. Administrators write them (the service refuses others).
 */
export const TIME_TRACKING_RESOURCES: ResourceDef[] = [
  defineResource('projects', {
    groups: [
      {
        fields: [
          req('name'),
          { name: 'description', label: TT.description, kind: 'textarea', nullable: true, rows: 4 },
          { name: 'branch', label: TT.branch, kind: 'ref', resource: 'branches', shape: 'id', nullable: true },
          { name: 'isActive', label: TT.isActive, kind: 'checkbox' },
        ],
      },
    ],
    columns: [
      column('name'),
      { name: 'isActive', label: TT.isActive, render: (r) => (r.isActive ? T.app.yes : T.app.no) },
    ],
    filters: [{ name: 'branch', label: TT.branch, resource: 'branches' }],
    defaults: { name: '', description: null, branch: null, isActive: true },
  }),
  defineResource('tasks', {
    groups: [
      {
        fields: [
          { name: 'project', label: TT.project, kind: 'ref', resource: 'projects', shape: 'id', required: true },
          req('name'),
          { name: 'description', label: TT.description, kind: 'textarea', nullable: true, rows: 4 },
          { name: 'status', label: TT.status, kind: 'select', options: statuses },
          { name: 'assignees', label: TT.assignees, kind: 'ref', resource: 'users', shape: 'id', multiple: true },
        ],
      },
    ],
    columns: [
      column('name'),
      {
        name: 'status',
        label: TT.status,
        render: (r) => TT.taskStatuses[r.status as keyof typeof TT.taskStatuses] ?? '',
      },
    ],
    filters: [
      { name: 'project', label: TT.project, resource: 'projects' },
      { name: 'status', label: TT.status, options: statuses },
    ],
    defaults: { project: null, name: '', description: null, status: 'open', assignees: [] },
  }),
  // a division's working-time law (issue 19): Austria unless set; the division is the catalogue's
  defineResource('working-time-settings', {
    title: (r) => WORKING_TIME_RULES[r.ruleSet as LawRuleSet]?.name ?? String(r.id),
    groups: [
      {
        fields: [
          { name: 'division', label: TT.division, kind: 'ref', resource: 'divisions', shape: 'id', required: true },
          { name: 'ruleSet', label: TT.ruleSet, kind: 'select', options: ruleSets, help: TT.ruleSetHelp },
        ],
      },
    ],
    columns: [
      { name: 'division', label: TT.division },
      {
        name: 'ruleSet',
        label: TT.ruleSet,
        render: (r) => WORKING_TIME_RULES[r.ruleSet as LawRuleSet]?.name ?? '',
      },
      { name: 'sources', label: TT.legalSources, render: (r) => sourcesOf(r.ruleSet as LawRuleSet) },
    ],
    filters: [{ name: 'division', label: TT.division, resource: 'divisions' }],
    defaults: { division: null, ruleSet: 'AT' },
  }),
];

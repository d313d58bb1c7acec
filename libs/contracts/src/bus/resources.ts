import { z } from 'zod';
import {
  BranchInput,
  CategoryInput,
  DivisionInput,
  DonateeInput,
  MenuInput,
  ProductInput,
  TableInput,
  TagInput,
} from '../catalogue/catalogue.schema.js';
import { DepartmentInput, UserInput } from '../identity/identity.schema.js';
import { CustomerInput, ExternalUserInput } from '../identity/customer.schema.js';
import { DeviceInput } from '../order/order.schema.js';
import {
  BlockInput,
  ContentNodeInput,
  NavigationInput,
  RedirectInput,
  SiteInput,
  WEBSITES,
} from '../content/site.schema.js';
import { BLOCK_TYPES, NODE_TYPES, SITE_TYPES, type BlockType } from '../content/layout.js';
import { IdParam } from '../catalogue/common.schema.js';
import {
  ACTIVITY_KINDS,
  ProjectInput,
  TASK_STATUSES,
  TaskInput,
  TimeRangeFilters,
  WorkingActivityInput,
  WorkingScheduleInput,
} from '../time-tracking/time-tracking.schema.js';
import { WorkingTimeSettingInput } from '../time-tracking/time-tracking.schema.js';
import { SceneInput, SegmentInput, SEGMENT_TYPES, SignageDeviceInput, StreamInput } from '../signage/signage.schema.js';
import { FormSubmissionInput } from '../content/form.schema.js';
import { ImageTemplateInput } from '../content/image-template.schema.js';
import { UploadStaffInput } from '../content/upload.schema.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every resource served by standard CRUD (api-contract.md "Standard CRUD"): its URL segment, the owning
 * service, the NATS entity name used in subjects (`<service>.<entity>.<verb>`), the body schema, the list
 * filters, the identifier lookup (backoffice-platform.md §3) and the German label used in messages. `verbs` (when
 * given) narrows the operations: a resource written elsewhere (uploads, form submissions) is read and deleted only.
 */
export const CRUD_RESOURCES = {
  divisions: {
    service: 'catalogue',
    entity: 'division',
    input: DivisionInput,
    label: 'Organisation',
    byIdentifier: true,
    filters: z.object({}),
  },
  branches: {
    service: 'catalogue',
    entity: 'branch',
    input: BranchInput,
    label: 'Filiale',
    byIdentifier: true,
    filters: z.object({
      division: IdParam.optional(),
      tag: IdParam.optional(),
      isPublic: bool.optional(),
      isEnabled: bool.optional(),
    }),
  },
  menus: {
    service: 'catalogue',
    entity: 'menu',
    input: MenuInput,
    label: 'Menü',
    byIdentifier: false,
    filters: z.object({ branch: IdParam.optional() }),
  },
  categories: {
    service: 'catalogue',
    entity: 'category',
    input: CategoryInput,
    label: 'Kategorie',
    byIdentifier: false,
    filters: z.object({ isEnabled: bool.optional() }),
  },
  tags: {
    service: 'catalogue',
    entity: 'tag',
    input: TagInput,
    label: 'Tag',
    byIdentifier: false,
    filters: z.object({}),
  },
  products: {
    service: 'catalogue',
    entity: 'product',
    input: ProductInput,
    label: 'Produkt',
    byIdentifier: false,
    filters: z.object({
      type: z.enum(['simple', 'configurable', 'bundle']).optional(),
      isEnabled: bool.optional(),
      category: IdParam.optional(),
    }),
  },
  tables: {
    service: 'catalogue',
    entity: 'table',
    input: TableInput,
    label: 'Tisch',
    byIdentifier: true,
    filters: z.object({ branch: IdParam.optional() }),
  },
  donatees: {
    service: 'catalogue',
    entity: 'donatee',
    input: DonateeInput,
    label: 'Spendenempfänger',
    byIdentifier: true,
    filters: z.object({}),
  },
  users: {
    service: 'identity',
    entity: 'user',
    input: UserInput,
    label: 'Benutzer',
    byIdentifier: false,
    filters: z.object({ role: z.string().optional(), branch: IdParam.optional() }),
  },
  departments: {
    service: 'identity',
    entity: 'department',
    input: DepartmentInput,
    label: 'Abteilung',
    byIdentifier: true,
    filters: z.object({ branch: IdParam.optional() }),
  },
  customers: {
    service: 'identity',
    entity: 'customer',
    input: CustomerInput,
    label: 'Kunde',
    byIdentifier: false,
    filters: z.object({ branch: IdParam.optional(), isEnabled: bool.optional() }),
  },
  'external-users': {
    service: 'identity',
    entity: 'external-user',
    input: ExternalUserInput,
    label: 'Externer Benutzer',
    byIdentifier: false,
    filters: z.object({ isEnabled: bool.optional() }),
  },
  devices: {
    service: 'order',
    entity: 'device',
    input: DeviceInput,
    label: 'Gerät',
    byIdentifier: true,
    filters: z.object({ branch: IdParam.optional(), type: z.enum(['printer', 'notification']).optional() }),
  },
  sites: {
    service: 'content',
    entity: 'site',
    input: SiteInput,
    label: 'Seite',
    /** by path (`/api/sites/%2Fkontakt`), within the requesting host's website */
    byIdentifier: true,
    filters: z.object({
      website: z.enum(WEBSITES).optional(),
      type: z.enum(SITE_TYPES).optional(),
      isPublic: bool.optional(),
    }),
  },
  nodes: {
    service: 'content',
    entity: 'node',
    input: ContentNodeInput,
    label: 'Inhalt',
    byIdentifier: true,
    filters: z.object({ type: z.enum(NODE_TYPES).optional(), isPublic: bool.optional() }),
  },
  blocks: {
    service: 'content',
    entity: 'block',
    input: BlockInput,
    label: 'Block',
    byIdentifier: true,
    filters: z.object({ type: z.enum(Object.keys(BLOCK_TYPES) as [BlockType, ...BlockType[]]).optional() }),
  },
  navigations: {
    service: 'content',
    entity: 'navigation',
    input: NavigationInput,
    label: 'Navigation',
    byIdentifier: true,
    filters: z.object({ website: z.enum(WEBSITES).optional() }),
  },
  redirects: {
    service: 'content',
    entity: 'redirect',
    input: RedirectInput,
    label: 'Redirect',
    /** by source path, within the requesting host's website */
    byIdentifier: true,
    filters: z.object({ website: z.enum(WEBSITES).optional() }),
  },
  'working-activities': {
    service: 'time-tracking',
    entity: 'working-activity',
    input: WorkingActivityInput,
    label: 'Aktivität',
    byIdentifier: false,
    /** without user, branch, project, from and to: the logged-in user's current month */
    filters: TimeRangeFilters.extend({ project: IdParam.optional(), kind: z.enum(ACTIVITY_KINDS).optional() }),
  },
  'working-schedules': {
    service: 'time-tracking',
    entity: 'working-schedule',
    input: WorkingScheduleInput,
    label: 'Planung',
    byIdentifier: false,
    filters: TimeRangeFilters,
  },
  projects: {
    service: 'time-tracking',
    entity: 'project',
    input: ProjectInput,
    label: 'Projekt',
    byIdentifier: false,
    filters: z.object({ branch: IdParam.optional(), isActive: bool.optional() }),
  },
  tasks: {
    service: 'time-tracking',
    entity: 'task',
    input: TaskInput,
    label: 'Aufgabe',
    byIdentifier: false,
    filters: z.object({
      project: IdParam.optional(),
      status: z.enum(TASK_STATUSES).optional(),
      assignee: IdParam.optional(),
    }),
  },
  scenes: {
    service: 'signage',
    entity: 'scene',
    input: SceneInput,
    label: 'Szene',
    /** by path (`/api/scenes/%2Ffiliale%2Ftheke`) */
    byIdentifier: true,
    filters: z.object({ stream: IdParam.optional() }),
  },
  'digital-signage-segments': {
    service: 'signage',
    entity: 'segment',
    input: SegmentInput,
    label: 'Filmsequenz',
    byIdentifier: false,
    filters: z.object({ type: z.enum(SEGMENT_TYPES).optional(), stream: IdParam.optional() }),
  },
  'digital-signage-streams': {
    service: 'signage',
    entity: 'stream',
    input: StreamInput,
    label: 'Stream',
    byIdentifier: false,
    filters: z.object({ scene: IdParam.optional(), segment: IdParam.optional() }),
  },
  'digital-signage-devices': {
    service: 'signage',
    entity: 'device',
    input: SignageDeviceInput,
    label: 'TV',
    byIdentifier: true,
    filters: z.object({
      branch: IdParam.optional(),
      scene: IdParam.optional(),
      status: z.enum(['online', 'offline']).optional(),
      isEnabled: bool.optional(),
    }),
  },
  'image-templates': {
    service: 'content',
    entity: 'image-template',
    input: ImageTemplateInput,
    label: 'Bildvorlage',
    byIdentifier: true,
    filters: z.object({}),
  },
  /** visitors' files (POST /api/uploads creates them); staff list, read and delete */
  uploads: {
    service: 'content',
    entity: 'upload',
    input: UploadStaffInput,
    label: 'Upload',
    byIdentifier: false,
    filters: z.object({ mimeType: z.string().max(120).optional() }),
    verbs: ['list', 'get', 'delete'],
  },
  /** submissions of the form nodes (POST /api/custom/form/{id} creates them); staff list, read and delete */
  'form-submissions': {
    service: 'content',
    entity: 'form-submission',
    input: FormSubmissionInput,
    label: 'Formulareinsendung',
    byIdentifier: false,
    filters: z.object({ node: IdParam.optional() }),
    verbs: ['list', 'get', 'delete'],
  },
  /** time tracking: the working-time law rule set of a division (staff read, administrators write) */
  'working-time-settings': {
    service: 'time-tracking',
    entity: 'working-time-setting',
    input: WorkingTimeSettingInput,
    label: 'Arbeitszeitregel',
    byIdentifier: false,
    filters: z.object({ division: IdParam.optional() }),
  },
} as const;

export type CrudResourceName = keyof typeof CRUD_RESOURCES;
export type CrudResource = (typeof CRUD_RESOURCES)[CrudResourceName];
export const CRUD_VERBS = ['list', 'get', 'create', 'update', 'delete'] as const;
export type CrudVerb = (typeof CRUD_VERBS)[number];

/** The operations a resource offers (all five unless its entry narrows them). */
export function crudVerbs(resource: CrudResourceName): readonly CrudVerb[] {
  const r: CrudResource = CRUD_RESOURCES[resource];
  return 'verbs' in r ? r.verbs : CRUD_VERBS;
}

/** `<service>.<entity>.<verb>` of each resource (distributed over a union of resources). */
export type CrudSubjectOf<R extends CrudResourceName, V extends string> = {
  [K in R]: `${(typeof CRUD_RESOURCES)[K]['service']}.${(typeof CRUD_RESOURCES)[K]['entity']}.${V}`;
}[R];

/** `catalogue.product.create` and friends (typed in RpcMap). */
export function crudSubject<R extends CrudResourceName, V extends CrudVerb>(resource: R, verb: V): CrudSubjectOf<R, V> {
  const r = CRUD_RESOURCES[resource];
  return `${r.service}.${r.entity}.${verb}` as never;
}

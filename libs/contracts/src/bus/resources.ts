import { CATALOGUE_RESOURCES } from './resources/catalogue.js';
import { CONTENT_FILE_RESOURCES, CONTENT_PAGE_RESOURCES } from './resources/content.js';
import { IDENTITY_RESOURCES } from './resources/identity.js';
import { ORDER_RESOURCES } from './resources/order.js';
import { SIGNAGE_RESOURCES } from './resources/signage.js';
import { TIME_TRACKING_RESOURCES, WORKING_TIME_RESOURCES } from './resources/time-tracking.js';

// each service's entries in resources/<service>.ts; the order here is the order of the routes and the events
/**
 * Every resource served by standard CRUD (api-contract.md "Standard CRUD"): its URL segment, the owning
 * service, the NATS entity name used in subjects (`<service>.<entity>.<verb>`), the body schema, the list
 * filters, the identifier lookup (backoffice-platform.md §3) and the German label used in messages. `verbs` (when
 * given) narrows the operations: a resource written elsewhere (uploads, form submissions) is read and deleted only.
 */
export const CRUD_RESOURCES = {
  ...CATALOGUE_RESOURCES,
  ...IDENTITY_RESOURCES,
  ...ORDER_RESOURCES,
  ...CONTENT_PAGE_RESOURCES,
  ...TIME_TRACKING_RESOURCES,
  ...SIGNAGE_RESOURCES,
  ...CONTENT_FILE_RESOURCES,
  ...WORKING_TIME_RESOURCES,
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

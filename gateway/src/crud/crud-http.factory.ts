import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  type Type,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CRUD_ENTITY_SCHEMAS,
  CRUD_RESOURCES,
  CRUD_VERBS,
  crudSubject,
  crudVerbs,
  type CrudResourceName,
  type CrudResourcesWith,
  type CrudSubject,
  type ListReply,
  type Role,
  type RpcRequest,
} from '@shop/contracts';
import { CONFIG, DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config/gateway-config.js';
import { websiteOf } from '../common/website.js';
import { Actor, Allow, STAFF_ROLES } from '../auth/access.js';
import { StaffSessions } from '../auth/staff-session.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { InitCache } from '../init/init-cache.js';
import { RedirectCache } from '../web/redirect-cache.js';
import { ID_PARAM_SCHEMA, openApiSchema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';

type Rule = 'public' | readonly Role[];
type Writable = CrudResourcesWith<'create'> & CrudResourcesWith<'update'>;
type CrudWrite = RpcRequest<CrudSubject<Writable, 'create' | 'update'>>;
/** The write subjects of this resource; only called for resources that offer them (the others lose the route). */
const writeSubject = <V extends 'create' | 'update'>(resource: CrudResourceName, verb: V) =>
  crudSubject(resource as Writable, verb);
const ADMIN: Rule = ['ROLE_ADMIN'];
const MANAGERS: Rule = ['ROLE_ADMIN', 'ROLE_BRANCH_MANAGER'];
/** Catalogue entities: everyone reads (the service scopes what visitors see), administrators write. */
const CATALOGUE: CrudAccess = { read: 'public', create: ADMIN, update: ADMIN, delete: ADMIN };
/** Content: everyone reads (visitors only public entries), staff edit (the editors of both websites). */
const CONTENT: CrudAccess = { read: 'public', create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES };
/** Signage: staff read (employees only their branches' devices, without keys), administrators write. */
const SIGNAGE: CrudAccess = { read: STAFF_ROLES, create: ADMIN, update: ADMIN, delete: ADMIN };
/** Identity entities: administrators only, reads included. */
const IDENTITY: CrudAccess = { read: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN };
/** null: the resource has no such route (its registry entry's `verbs` leave it out) */
interface CrudAccess {
  read: Rule;
  create: Rule | null;
  update: Rule | null;
  delete: Rule;
}

/**
 * Who may call each CRUD operation: the coarse check the AccessGuard makes and the OpenAPI document states. The
 * owning service checks again with the data at hand (an employee changes only the branches and tables of the
 * branches they belong to; visitors see only public, enabled entries).
 */
export const CRUD_ACCESS: Record<CrudResourceName, CrudAccess> = {
  divisions: CATALOGUE,
  branches: { ...CATALOGUE, update: STAFF_ROLES },
  menus: CATALOGUE,
  categories: CATALOGUE,
  tags: CATALOGUE,
  products: CATALOGUE,
  tables: { read: 'public', create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  donatees: CATALOGUE,
  // branch managers read the staff of their branches (time tracking's sheets, planner and codes; identity scopes it)
  users: { ...IDENTITY, read: MANAGERS },
  departments: IDENTITY,
  customers: IDENTITY,
  'external-users': IDENTITY,
  // employees see their branches' devices, without credentials
  devices: { read: STAFF_ROLES, create: ADMIN, update: ADMIN, delete: ADMIN },
  sites: CONTENT,
  nodes: CONTENT,
  blocks: CONTENT,
  navigations: CONTENT,
  redirects: CONTENT,
  // the time-tracking service decides per row: employees their own activities and their branches' schedules
  'working-activities': { read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  'working-schedules': { read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  // administrators, and branch managers for projects (and their tasks) of their branches (the service checks the branch)
  projects: { read: STAFF_ROLES, create: MANAGERS, update: MANAGERS, delete: MANAGERS },
  tasks: { read: STAFF_ROLES, create: MANAGERS, update: MANAGERS, delete: MANAGERS },
  scenes: SIGNAGE,
  'digital-signage-segments': SIGNAGE,
  'digital-signage-streams': SIGNAGE,
  'digital-signage-devices': SIGNAGE,
  // a back-office tool: staff only, reads included
  'image-templates': { read: STAFF_ROLES, create: STAFF_ROLES, update: STAFF_ROLES, delete: STAFF_ROLES },
  // read and delete only (anonymous visitors create them through their own routes)
  uploads: { read: STAFF_ROLES, create: null, update: null, delete: STAFF_ROLES },
  'form-submissions': { read: STAFF_ROLES, create: null, update: null, delete: STAFF_ROLES },
  // time tracking: a division's working-time law rule set (the planner reads it; administrators set it)
  'working-time-settings': { read: STAFF_ROLES, create: ADMIN, update: ADMIN, delete: ADMIN },
};

/** `/api/<resource>/{id}`: a positive integer id, or the identifier where the resource has one. */
function parseKey(resource: CrudResourceName, raw: string): { id?: number; identifier?: string } {
  if (/^\d+$/.test(raw)) return { id: parseId(resource, raw) };
  if (CRUD_RESOURCES[resource].byIdentifier) return { identifier: raw };
  throw DomainException.notFound(CRUD_RESOURCES[resource].label);
}

function parseId(resource: CrudResourceName, raw: string): number {
  return pathId(raw, () => DomainException.notFound(CRUD_RESOURCES[resource].label));
}

/**
 * Standard CRUD of api-contract.md for one resource of the registry: the AccessGuard checks the session and the
 * roles of CRUD_ACCESS (an anonymous write is 401 whatever its body), the gateway the body shape (German field
 * errors), then the owning service decides branches and public visibility.
 *
 * One path template per route: `/api/<resource>/{id}`; the single read of the resources that have an identifier
 * also takes the identifier there (its parameter says so), writes take the numeric id only, as before. The name is
 * `id` for all, as the web apps' client writes the paths.
 */
export function createCrudHttpController(resource: CrudResourceName): Type<unknown> {
  const def = CRUD_RESOURCES[resource];
  const route = crudRoutes(resource);

  @ApiTags(resource)
  @Controller(`api/${resource}`)
  class CrudHttpController {
    constructor(
      private readonly bus: ServiceBus,
      private readonly cache: InitCache,
      private readonly redirects: RedirectCache,
      @Inject(CONFIG) private readonly config: GatewayConfig,
      private readonly sessions: StaffSessions,
    ) {}

    /** A catalogue or content write through this gateway is visible in its very next /api/init (the event tells the other instances). */
    private afterWrite<T>(result: T): T {
      if (def.service === 'catalogue' || def.service === 'content') this.cache.invalidate();
      if (def.service === 'content') this.redirects.invalidate();
      return result;
    }

    /**
     * The body as sent once it matched this resource's schema. The factory holds any resource, so TypeScript sees
     * the union of every resource's body; it is this resource's by construction (def.input is its schema).
     */
    private write(id: number | undefined, body: unknown): CrudWrite {
      return { ...(id === undefined ? {} : { id }), body: validateBody(def.input, body) } as CrudWrite;
    }

    @route.list
    async list(@Actor() actor: Actor | null, @Query() query: Record<string, unknown>) {
      const reply: ListReply<unknown> = await this.bus.request(crudSubject(resource, 'list'), { query }, actor);
      return { data: reply.items, meta: reply.meta };
    }

    @route.get
    async get(@Actor() actor: Actor | null, @Param('id') raw: string, @Headers('host') host: string | undefined) {
      const lookup = { ...parseKey(resource, raw), website: websiteOf(host, this.config.PRESENTER_HOSTS) };
      return { data: await this.bus.request(crudSubject(resource, 'get'), lookup, actor) };
    }

    @route.create
    async create(@Actor() actor: Actor, @Body() body: unknown) {
      return {
        data: this.afterWrite(
          await this.bus.request(writeSubject(resource, 'create'), this.write(undefined, body), actor),
        ),
      };
    }

    @route.update
    async update(@Actor() actor: Actor, @Param('id') id: string, @Body() body: unknown, @Req() req: FastifyRequest) {
      const payload = this.write(parseId(resource, id), body);
      const saved = this.afterWrite(await this.bus.request(writeSubject(resource, 'update'), payload, actor));
      if (resource === 'users') await keepOwnSession(this.sessions, req, actor, saved);
      return { data: saved };
    }

    @route.remove
    async remove(@Actor() actor: Actor, @Param('id') id: string) {
      this.afterWrite(await this.bus.request(crudSubject(resource, 'delete'), { id: parseId(resource, id) }, actor));
      return { data: null };
    }
  }
  // a resource that offers fewer verbs has no route for the others (POST /api/uploads is the anonymous upload)
  const offered = crudVerbs(resource);
  const methods = { list: 'list', get: 'get', create: 'create', update: 'update', delete: 'remove' } as const;
  for (const verb of CRUD_VERBS)
    if (!offered.includes(verb)) Reflect.deleteProperty(CrudHttpController.prototype, methods[verb]);
  Object.defineProperty(CrudHttpController, 'name', {
    value: `${resource.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}HttpController`,
  });
  return CrudHttpController;
}

/**
 * Each CRUD route's declaration: method and path, access (CRUD_ACCESS), parameters, body and answer for the
 * OpenAPI document (the entity's schema from the contracts).
 */
function crudRoutes(resource: CrudResourceName) {
  const def = CRUD_RESOURCES[resource];
  const access = CRUD_ACCESS[resource];
  const body = ApiBody({ schema: openApiSchema(def.input) });
  const entity = CRUD_ENTITY_SCHEMAS[resource];
  const keyParam = def.byIdentifier
    ? ApiParam({ name: 'id', description: 'the numeric id, or the identifier', schema: { type: 'string' } })
    : ApiParam({ name: 'id', description: 'the numeric id', schema: ID_PARAM_SCHEMA });
  const idParam = ApiParam({
    name: 'id',
    description: def.byIdentifier ? 'the numeric id (writes do not take the identifier)' : 'the numeric id',
    schema: ID_PARAM_SCHEMA,
  });
  const filters = Object.keys(def.filters.shape).concat(['page', 'perPage', 'search']).join(', ');
  return {
    list: applyDecorators(
      Get(),
      Allow(access.read),
      ApiOperation({ summary: `List ${resource} (filters: ${filters})` }),
      Returns(entity, { many: 'list' }),
    ),
    get: applyDecorators(
      Get(':id'),
      Allow(access.read),
      keyParam,
      ApiOperation({ summary: `One of ${resource}` }),
      Returns(entity),
    ),
    create: applyDecorators(
      Post(),
      HttpCode(201),
      Allow(access.create ?? ADMIN),
      body,
      ApiOperation({ summary: `Create one of ${resource}` }),
      Returns(entity),
    ),
    update: applyDecorators(
      Put(':id'),
      Allow(access.update ?? ADMIN),
      idParam,
      body,
      ApiOperation({ summary: `Replace one of ${resource} (the whole entity as body)` }),
      Returns(entity),
    ),
    remove: applyDecorators(
      Delete(':id'),
      Allow(access.delete),
      idParam,
      ApiOperation({ summary: `Delete one of ${resource}` }),
      Returns(null),
    ),
  };
}

/**
 * A changed user re-confirms every session of theirs at its next request (through Redis, on every gateway,
 * without waiting for identity's event): a changed password ends them, except the session that changed it,
 * so a staff member who changes their own password stays logged in here and nowhere else.
 */
async function keepOwnSession(sessions: StaffSessions, req: FastifyRequest, actor: Actor, saved: unknown) {
  const user = saved as { id?: number; credentialsChangedAt?: string | null };
  if (typeof user.id !== 'number') return;
  await sessions.userChanged(user.id);
  const session = req.staffSession;
  if (user.id !== actor.id || !session) return;
  if ((user.credentialsChangedAt ?? null) === (session.data.credentialsChangedAt ?? null)) return;
  session.data = { ...session.data, credentialsChangedAt: user.credentialsChangedAt ?? null };
  await sessions.save(req);
}

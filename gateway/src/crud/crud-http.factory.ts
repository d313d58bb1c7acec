import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, type Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CRUD_RESOURCES, crudSubject, type CrudResourceName, type CrudSubject, type ListReply, type RpcRequest } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ActorService } from '../auth/actor.service.js';
import { pathId } from '../http/path-id.js';
import { validateBody } from '../http/validate-body.js';
import { InitCache } from '../init/init-cache.js';

/** Resources whose reads need a staff session (everything else is publicly readable, scoped by the owner). */
const STAFF_READ: ReadonlySet<CrudResourceName> = new Set(['users', 'departments', 'devices']);

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
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
 * Standard CRUD of api-contract.md for one resource of the registry: the gateway checks the session
 * (401 for anonymous writes), the body shape (German field errors), then asks the owning service, which
 * decides roles, branches and public visibility.
 */
export function createCrudHttpController(resource: CrudResourceName): Type<unknown> {
  const def = CRUD_RESOURCES[resource];
  const schema = jsonSchema(def.input);

  @ApiTags(resource)
  @Controller(`api/${resource}`)
  class CrudHttpController {
    constructor(private readonly bus: ServiceBus, private readonly actors: ActorService, private readonly cache: InitCache) {}

    /** A write to the catalogue through this gateway is visible in its very next /api/init (the event tells the other instances). */
    private async write<V extends 'create' | 'update' | 'delete'>(verb: V, req: FastifyRequest, payload: () => RpcRequest<CrudSubject<CrudResourceName, V>>) {
      // who asks comes first: an anonymous write is 401 whatever its body
      const actor = await this.actors.require(req);
      const result = await this.bus.request(crudSubject(resource, verb), payload(), actor);
      if (def.service === 'catalogue') this.cache.invalidate();
      return result;
    }

    @Get()
    @ApiOperation({ summary: `List ${resource} (filters: ${Object.keys(def.filters.shape).concat(['page', 'perPage', 'search']).join(', ')})` })
    async list(@Req() req: FastifyRequest, @Query() query: Record<string, unknown>) {
      const actor = STAFF_READ.has(resource) ? await this.actors.require(req) : await this.actors.resolve(req);
      const reply: ListReply<unknown> = await this.bus.request(crudSubject(resource, 'list'), { query }, actor);
      return { data: reply.items, meta: reply.meta };
    }

    @Get(':key')
    @ApiParam({ name: 'key', description: def.byIdentifier ? 'id or identifier' : 'id' })
    @ApiOperation({ summary: `One of ${resource}` })
    async get(@Req() req: FastifyRequest, @Param('key') key: string) {
      const actor = STAFF_READ.has(resource) ? await this.actors.require(req) : await this.actors.resolve(req);
      return { data: await this.bus.request(crudSubject(resource, 'get'), parseKey(resource, key), actor) };
    }

    @Post()
    @HttpCode(201)
    @ApiBody({ schema })
    @ApiOperation({ summary: `Create one of ${resource}` })
    async create(@Req() req: FastifyRequest, @Body() body: unknown) {
      return { data: await this.write('create', req, () => ({ body: validateBody(def.input, body) })) };
    }

    @Put(':id')
    @ApiBody({ schema })
    @ApiOperation({ summary: `Replace one of ${resource} (the whole entity as body)` })
    async update(@Req() req: FastifyRequest, @Param('id') id: string, @Body() body: unknown) {
      return { data: await this.write('update', req, () => ({ id: parseId(resource, id), body: validateBody(def.input, body) })) };
    }

    @Delete(':id')
    @ApiOperation({ summary: `Delete one of ${resource}` })
    async remove(@Req() req: FastifyRequest, @Param('id') id: string) {
      await this.write('delete', req, () => ({ id: parseId(resource, id) }));
      return { data: null };
    }
  }
  Object.defineProperty(CrudHttpController, 'name', { value: `${resource.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}HttpController` });
  return CrudHttpController;
}

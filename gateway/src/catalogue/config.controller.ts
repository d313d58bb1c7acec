import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ConfigInput } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ActorService } from '../auth/actor.service.js';
import { InitCache } from '../init/init-cache.js';
import { pathId } from '../http/path-id.js';
import { validateBody } from '../http/validate-body.js';

/** GET/POST /api/config (backoffice-platform.md §7) and GET /api/branches/{id}/menus. */
@ApiTags('config')
@Controller('api')
export class CatalogueExtrasController {
  constructor(private readonly bus: ServiceBus, private readonly actors: ActorService, private readonly cache: InitCache) {}

  @Get('config')
  @ApiOperation({ summary: 'The shop configuration' })
  async get() {
    return { data: await this.bus.request('catalogue.config.get', {}) };
  }

  @Post('config')
  @HttpCode(200)
  @ApiBody({ schema: z.toJSONSchema(ConfigInput, { io: 'input' }) as object })
  @ApiOperation({ summary: 'Save the shop configuration (ROLE_ADMIN)' })
  async save(@Req() req: FastifyRequest, @Body() body: unknown) {
    const actor = await this.actors.require(req);
    const saved = await this.bus.request('catalogue.config.save', { body: validateBody(ConfigInput, body) }, actor);
    this.cache.invalidate();
    return { data: saved };
  }

  @Get('branches/:id/menus')
  @ApiTags('branches')
  @ApiOperation({ summary: 'Menus of one branch' })
  async branchMenus(@Req() req: FastifyRequest, @Param('id') id: string) {
    const branchId = pathId(id, () => DomainException.notFound('Filiale'));
    const actor = await this.actors.resolve(req);
    return { data: await this.bus.request('catalogue.branch.menus', { id: branchId }, actor) };
  }
}

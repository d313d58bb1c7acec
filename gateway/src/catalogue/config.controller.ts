import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ConfigInput } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { Actor, Public, Roles } from '../auth/access.js';
import { InitCache } from '../init/init-cache.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ID_PARAM_SCHEMA, openApiSchema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';

/** GET/POST /api/config (backoffice-platform.md §7), GET /api/branches/{id}/menus and the counter-screen key's rotation. */
@ApiTags('config')
@Controller('api')
export class CatalogueExtrasController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly cache: InitCache,
  ) {}

  @Get('config')
  @Public()
  @ApiOperation({ summary: 'The shop configuration' })
  @Returns('catalogue.config.get')
  async get() {
    return { data: await this.bus.request('catalogue.config.get', {}) };
  }

  @Post('config')
  @HttpCode(200)
  @Roles('ROLE_ADMIN')
  @ApiBody({ schema: openApiSchema(ConfigInput) })
  @ApiOperation({ summary: 'Save the shop configuration' })
  @Returns('catalogue.config.get')
  async save(@Actor() actor: Actor, @Body() body: unknown) {
    const saved = await this.bus.request('catalogue.config.save', { body: validateBody(ConfigInput, body) }, actor);
    this.cache.invalidate();
    return { data: saved };
  }

  @Get('branches/:id/menus')
  @Public()
  @ApiTags('branches')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiOperation({ summary: 'Menus of one branch' })
  @Returns('catalogue.branch.menus')
  async branchMenus(@Actor() actor: Actor | null, @Param('id') id: string) {
    const branchId = pathId(id, () => DomainException.notFound('Filiale'));
    return { data: await this.bus.request('catalogue.branch.menus', { id: branchId }, actor) };
  }

  @Post('branches/:id/rotate-screen-key')
  @HttpCode(200)
  @Roles('ROLE_ADMIN')
  @ApiTags('branches')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiOperation({
    summary:
      "Replace the branch's counter-screen key by a new random one (administrators); the old key stops opening the screens at once",
  })
  @Returns('catalogue.branch.rotate-screen-key')
  async rotateScreenKey(@Actor() actor: Actor, @Param('id') id: string) {
    const branchId = pathId(id, () => DomainException.notFound('Filiale'));
    const branch = await this.bus.request('catalogue.branch.rotate-screen-key', { id: branchId }, actor);
    this.cache.invalidate();
    return { data: branch };
  }
}

import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { SignageBulkCommandInput, SignageCommandInput } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { Actor, Roles } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { validateBody } from '../common/validate-body.js';
import { ID_PARAM_SCHEMA, openApiSchema } from '../openapi/json-schema.js';
import { Returns, ReturnsMedia } from '../openapi/returns.js';

const deviceId = (raw: string) => pathId(raw, () => DomainException.notFound('TV'));

/**
 * Commands to a signage device (backoffice-platform.md §4 "A digital signage device accepts a command, which can be
 * aborted; both return the updated device"): staff of the device's branch (the signage service checks the branch).
 */
@ApiTags('digital-signage-devices')
@Controller('api/digital-signage-devices')
export class SignageCommandsController {
  constructor(private readonly bus: ServiceBus) {}

  @Post('command')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(SignageBulkCommandInput) })
  @ApiOperation({
    summary: 'Send one command to many TVs: the listed ones, or the enabled TVs of a branch or of a stream',
  })
  @Returns('signage.device.bulk-command')
  async commandMany(@Actor() actor: Actor, @Body() body: unknown) {
    const payload = validateBody(SignageBulkCommandInput, body);
    return { data: await this.bus.request('signage.device.bulk-command', payload, actor) };
  }

  @Post(':id/command')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiBody({ schema: openApiSchema(SignageCommandInput) })
  @ApiOperation({
    summary: 'Send a command (reload, show-scene, screen-on, screen-off, identify, screenshot); the updated device',
  })
  @Returns('signage.device.command')
  async command(@Actor() actor: Actor, @Param('id') id: string, @Body() body: unknown) {
    const payload = { id: deviceId(id), body: validateBody(SignageCommandInput, body) };
    return { data: await this.bus.request('signage.device.command', payload, actor) };
  }

  @Get(':id/screenshot')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiQuery({
    name: 'c',
    required: false,
    schema: ID_PARAM_SCHEMA,
    description: 'the screenshot command (else latest)',
  })
  @ApiProduces('image/jpeg')
  @ApiOperation({ summary: "The picture of the TV's latest (or the given) done screenshot command; 404 if none" })
  @ReturnsMedia(['image/jpeg'], 'the last screenshot')
  async screenshot(@Actor() actor: Actor, @Param('id') id: string, @Query('c') c: unknown, @Res() reply: FastifyReply) {
    const notFound = () => DomainException.notFound('Bildschirmfoto');
    const payload = { id: deviceId(id), command: c === undefined ? null : pathId(String(c), notFound) };
    const picture = await this.bus.request('signage.device.screenshot', payload, actor);
    return reply
      .header('content-type', picture.mediaType)
      .header('cache-control', 'private, max-age=86400')
      .send(Buffer.from(picture.base64, 'base64'));
  }

  @Post(':id/command/abort')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiOperation({ summary: 'Abort the pending or running command; the updated device' })
  @Returns('signage.device.abort-command')
  async abort(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('signage.device.abort-command', { id: deviceId(id) }, actor) };
  }
}

/** A stream's preview in the back office: its segments as a player plays them (staff). */
@ApiTags('digital-signage-streams')
@Controller('api/digital-signage-streams')
export class SignageStreamPreviewController {
  constructor(private readonly bus: ServiceBus) {}

  @Get(':id/preview')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiParam({ name: 'id', schema: ID_PARAM_SCHEMA })
  @ApiOperation({ summary: "The stream's segments as the player plays them (image URLs resolved), for a preview" })
  @Returns('signage.stream.preview')
  async preview(@Actor() actor: Actor, @Param('id') id: string) {
    const payload = { id: pathId(id, () => DomainException.notFound('Stream')) };
    return { data: await this.bus.request('signage.stream.preview', payload, actor) };
  }
}

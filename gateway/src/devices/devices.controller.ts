import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import { ActorService } from '../auth/actor.service.js';
import { pathId } from '../http/path-id.js';

function deviceId(raw: string): number {
  return pathId(raw, () => DomainException.notFound('Gerät'));
}

/** backoffice-platform.md §7: device tests and log requests (administrators), and what a device reported. */
@ApiTags('devices')
@Controller('api/devices')
export class DevicesController {
  constructor(private readonly bus: ServiceBus, private readonly actors: ActorService) {}

  @Post(':id/test/print')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a test page for a printer (through the print queue, like every receipt)' })
  async testPrint(@Req() req: FastifyRequest, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.test-print', { id: deviceId(id) }, await this.actors.require(req)) };
  }

  @Post(':id/test/notification')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a test notification for a notification device' })
  async testNotification(@Req() req: FastifyRequest, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.test-notification', { id: deviceId(id) }, await this.actors.require(req)) };
  }

  @Post(':id/request-device-logs')
  @HttpCode(202)
  @ApiOperation({ summary: 'Ask the device for its logs; it answers with its next poll (see GET …/logs)' })
  async requestLogs(@Req() req: FastifyRequest, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.request-logs', { id: deviceId(id) }, await this.actors.require(req)) };
  }

  @Get(':id/logs')
  @ApiOperation({ summary: 'What the device reported: status changes, requested logs, print results (newest first)' })
  async logs(@Req() req: FastifyRequest, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.logs', { id: deviceId(id) }, await this.actors.require(req)) };
  }

  @Get(':id/queue')
  @ApiOperation({ summary: 'The device queue: receipts and notifications with their status (newest first)' })
  async queue(@Req() req: FastifyRequest, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.queue', { id: deviceId(id) }, await this.actors.require(req)) };
  }
}

import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainException, ServiceBus } from '@shop/server';
import { Actor, Roles } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { Returns } from '../openapi/returns.js';

function deviceId(raw: string): number {
  return pathId(raw, () => DomainException.notFound('Gerät'));
}

/** backoffice-platform.md §7: device tests and log requests, and what a device reported (administrators). */
@ApiTags('devices')
@Controller('api/devices')
export class DevicesController {
  constructor(private readonly bus: ServiceBus) {}

  @Post(':id/test/print')
  @Roles('ROLE_ADMIN')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a test page for a printer (through the print queue, like every receipt)' })
  @Returns('order.device.test-print')
  async testPrint(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.test-print', { id: deviceId(id) }, actor) };
  }

  @Post(':id/test/notification')
  @Roles('ROLE_ADMIN')
  @HttpCode(202)
  @ApiOperation({ summary: 'Queue a test notification for a notification device' })
  @Returns('order.device.test-notification')
  async testNotification(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.test-notification', { id: deviceId(id) }, actor) };
  }

  @Post(':id/request-device-logs')
  @Roles('ROLE_ADMIN')
  @HttpCode(202)
  @ApiOperation({ summary: 'Ask the device for its logs; it answers with its next poll (see GET …/logs)' })
  @Returns('order.device.request-logs')
  async requestLogs(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.request-logs', { id: deviceId(id) }, actor) };
  }

  @Get(':id/logs')
  @Roles('ROLE_ADMIN')
  @ApiOperation({ summary: 'What the device reported: status changes, requested logs, print results (newest first)' })
  @Returns('order.device.logs')
  async logs(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.logs', { id: deviceId(id) }, actor) };
  }

  @Get(':id/queue')
  @Roles('ROLE_ADMIN')
  @ApiOperation({ summary: 'The device queue: receipts and notifications with their status (newest first)' })
  @Returns('order.device.queue')
  async queue(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('order.device.queue', { id: deviceId(id) }, actor) };
  }
}

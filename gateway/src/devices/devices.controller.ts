import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DomainException } from '@shop/server';
import { createHttpController, forward, type RouteInput } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';

const byId = ({ params }: RouteInput) => ({ id: pathId(params.id, () => DomainException.notFound('Gerät')) });

/** backoffice-platform.md §7: device tests and log requests, and what a device reported (administrators). */
@ApiTags('devices')
@Controller('api/devices')
export class DevicesController extends createHttpController([
  {
    name: 'testPrint',
    method: 'post',
    path: ':id/test/print',
    access: ['ROLE_ADMIN'],
    status: 202,
    summary: 'Queue a test page for a printer (through the print queue, like every receipt)',
    ...forward('order.device.test-print', byId),
  },
  {
    name: 'testNotification',
    method: 'post',
    path: ':id/test/notification',
    access: ['ROLE_ADMIN'],
    status: 202,
    summary: 'Queue a test notification for a notification device',
    ...forward('order.device.test-notification', byId),
  },
  {
    name: 'requestLogs',
    method: 'post',
    path: ':id/request-device-logs',
    access: ['ROLE_ADMIN'],
    status: 202,
    summary: 'Ask the device for its logs; it answers with its next poll (see GET …/logs)',
    ...forward('order.device.request-logs', byId),
  },
  {
    name: 'logs',
    method: 'get',
    path: ':id/logs',
    access: ['ROLE_ADMIN'],
    summary: 'What the device reported: status changes, requested logs, print results (newest first)',
    ...forward('order.device.logs', byId),
  },
  {
    name: 'queue',
    method: 'get',
    path: ':id/queue',
    access: ['ROLE_ADMIN'],
    summary: 'The device queue: receipts and notifications with their status (newest first)',
    ...forward('order.device.queue', byId),
  },
]) {}

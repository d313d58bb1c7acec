import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { LOG_LEVELS, LOG_SOURCES } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { Actor, Roles } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { Returns } from '../openapi/returns.js';

function logId(raw: string): number {
  return pathId(raw, () => DomainException.notFound('Logeintrag'));
}

/**
 * backoffice-platform.md §7 `GET /logs, /logs/{id}`: the system log of the statistics service (jobs that
 * finally failed, receipts no printer could print, failed payments, 500s with their errorId). Administrators
 * only (403 for employees; the statistics service checks again).
 */
@ApiTags('logs')
@Controller('api/logs')
export class LogsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @Roles('ROLE_ADMIN')
  @ApiOperation({
    summary: 'System log, newest first (administrators). { data: LogEntry[], meta: { total, page, perPage } }',
  })
  @ApiQuery({ name: 'level', required: false, enum: LOG_LEVELS })
  @ApiQuery({ name: 'source', required: false, enum: LOG_SOURCES })
  @ApiQuery({
    name: 'search',
    required: false,
    description: 'text in the message, the code or the context (e.g. an errorId or order id)',
  })
  @ApiQuery({ name: 'from', required: false, description: 'ISO date-time with offset, inclusive' })
  @ApiQuery({ name: 'to', required: false, description: 'ISO date-time with offset, exclusive' })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } })
  @ApiQuery({ name: 'perPage', required: false, schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } })
  @Returns('LogEntry', { many: 'list' })
  async list(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    const reply = await this.bus.request('statistics.log.list', { query }, actor);
    return { data: reply.items, meta: reply.meta };
  }

  @Get(':id')
  @Roles('ROLE_ADMIN')
  @ApiOperation({
    summary: 'One log entry: level, source, code, German message, context (ids such as orderId, deviceId, errorId)',
  })
  @Returns('statistics.log.get')
  async get(@Actor() actor: Actor, @Param('id') id: string) {
    return { data: await this.bus.request('statistics.log.get', { id: logId(id) }, actor) };
  }
}

import { Controller } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { LOG_LEVELS, LOG_SOURCES } from '@shop/contracts';
import { DomainException } from '@shop/server';
import { createHttpController, forward, forwardList } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';

/**
 * backoffice-platform.md §7 `GET /logs, /logs/{id}`: the system log of the statistics service (jobs that
 * finally failed, receipts no printer could print, failed payments, 500s with their errorId). Administrators
 * only (403 for employees; the statistics service checks again).
 */
@ApiTags('logs')
@Controller('api/logs')
export class LogsController extends createHttpController([
  {
    name: 'list',
    method: 'get',
    path: '',
    access: ['ROLE_ADMIN'],
    summary: 'System log, newest first (administrators). { data: LogEntry[], meta: { total, page, perPage } }',
    decorators: [
      ApiQuery({ name: 'level', required: false, enum: LOG_LEVELS }),
      ApiQuery({ name: 'source', required: false, enum: LOG_SOURCES }),
      ApiQuery({
        name: 'search',
        required: false,
        description: 'text in the message, the code or the context (e.g. an errorId or order id)',
      }),
      ApiQuery({ name: 'from', required: false, description: 'ISO date-time with offset, inclusive' }),
      ApiQuery({ name: 'to', required: false, description: 'ISO date-time with offset, exclusive' }),
      ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } }),
      ApiQuery({
        name: 'perPage',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
      }),
    ],
    ...forwardList('statistics.log.list', 'LogEntry'),
  },
  {
    name: 'get',
    method: 'get',
    path: ':id',
    access: ['ROLE_ADMIN'],
    summary: 'One log entry: level, source, code, German message, context (ids such as orderId, deviceId, errorId)',
    ...forward('statistics.log.get', ({ params }) => ({
      id: pathId(params.id, () => DomainException.notFound('Logeintrag')),
    })),
  },
]) {}

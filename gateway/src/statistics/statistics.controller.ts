import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { STATISTICS_INTERVALS, STATISTICS_METRICS } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import { Actor, Roles } from '../auth/access.js';
import { Returns } from '../openapi/returns.js';

const PERIOD = 'a date (whole days in the shop time zone) or an ISO date-time with offset';

/**
 * backoffice-platform.md §7 `GET /statistics/{metric}` (from, to), `/statistics/user-profile` (user, start, now,
 * end) and `/statistics/user-profile-working-activities` (user, start, end), answered by the statistics service
 * from its own rollups and read models. Staff only (401 without a session); the statistics service scopes
 * employees to their own branches (403 for another branch).
 */
@ApiTags('statistics')
@Controller('api/statistics')
export class StatisticsController {
  constructor(private readonly bus: ServiceBus) {}

  @Get('user-profile')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: "An employee's worked, planned and balance hours for the period and up to now" })
  @ApiQuery({ name: 'user', required: true })
  @ApiQuery({ name: 'start', required: true, description: PERIOD })
  @ApiQuery({ name: 'now', required: false, description: PERIOD })
  @ApiQuery({ name: 'end', required: true, description: PERIOD })
  @Returns('statistics.user-profile.get')
  async userProfile(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    return { data: await this.bus.request('statistics.user-profile.get', { query }, actor) };
  }

  @Get('user-profile-working-activities')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: "An employee's working activities per day of the period, in hours" })
  @ApiQuery({ name: 'user', required: true })
  @ApiQuery({ name: 'start', required: true, description: PERIOD })
  @ApiQuery({ name: 'end', required: true, description: PERIOD })
  @Returns('statistics.user-profile.working-activities')
  async userProfileActivities(@Actor() actor: Actor, @Query() query: Record<string, unknown>) {
    return { data: await this.bus.request('statistics.user-profile.working-activities', { query }, actor) };
  }

  @Get(':metric')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({
    summary:
      'One metric for a period: { total, series (buckets in the shop time zone), breakdown (top list), cells (weekday × hour) }',
  })
  @ApiParam({ name: 'metric', enum: STATISTICS_METRICS })
  @ApiQuery({ name: 'from', required: true, description: PERIOD })
  @ApiQuery({ name: 'to', required: true, description: `${PERIOD}; a date includes that whole day` })
  @ApiQuery({ name: 'branch', required: false, description: 'branch id (employees: one of their own)' })
  @ApiQuery({ name: 'interval', required: false, enum: STATISTICS_INTERVALS })
  @Returns('statistics.metric.get')
  async metric(@Actor() actor: Actor, @Param('metric') metric: string, @Query() query: Record<string, unknown>) {
    return { data: await this.bus.request('statistics.metric.get', { metric, query }, actor) };
  }
}

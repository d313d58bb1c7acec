import type {
  LogEntry,
  StatisticsReply,
  UserProfileStatistics,
  UserProfileWorkingActivities,
} from '../../statistics/statistics.schema.js';
import type { ListReply, ListRequest } from './common.js';

/** The statistics service's request/reply subjects (part of RpcMap). */
export interface StatisticsRpc {
  'statistics.log.list': { req: ListRequest; res: ListReply<LogEntry> };
  'statistics.log.get': { req: { id: number }; res: LogEntry };
  'statistics.metric.get': { req: { metric: string; query: Record<string, unknown> }; res: StatisticsReply };
  'statistics.user-profile.get': { req: { query: Record<string, unknown> }; res: UserProfileStatistics };
  'statistics.user-profile.working-activities': {
    req: { query: Record<string, unknown> };
    res: UserProfileWorkingActivities;
  };
}

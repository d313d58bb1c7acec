import { createRpcController, rpc } from '@shop/server';
import { CompleteJob } from './usecases/complete-job/complete-job.usecase.js';
import { RecordJobFailure } from './usecases/record-job-failure/record-job-failure.usecase.js';

/** The workers' reports: the only calls they make, signed with the services' identity (no staff actor). */
export class JobController extends createRpcController([
  rpc('order.job.completed', CompleteJob, (complete, m) => complete.execute(m.payload), {
    requireService: ['workers'],
  }),
  rpc('order.job.record-failure', RecordJobFailure, (record, m) => record.execute(m.payload), {
    requireService: ['workers'],
  }),
]) {}

import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CONFIG, requireService, Rpc, type RpcMessage } from '@shop/server';
import type { OrderConfig } from '../config/order-config.js';
import { CompleteJob } from './usecases/complete-job/complete-job.usecase.js';
import { RecordJobFailure } from './usecases/record-job-failure/record-job-failure.usecase.js';

/** The workers' reports: the only calls they make, signed with the services' identity (no staff actor). */
@Controller()
export class JobController {
  constructor(
    private readonly completeJob: CompleteJob,
    private readonly recordJobFailure: RecordJobFailure,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  @Rpc('order.job.completed')
  completed(@Payload() m: RpcMessage<'order.job.completed'>) {
    requireService(m.caller, 'order.job.completed', this.config.SERVICE_SECRET, ['workers']);
    return this.completeJob.execute(m.payload);
  }

  @Rpc('order.job.record-failure')
  failed(@Payload() m: RpcMessage<'order.job.record-failure'>) {
    requireService(m.caller, 'order.job.record-failure', this.config.SERVICE_SECRET, ['workers']);
    return this.recordJobFailure.execute(m.payload);
  }
}

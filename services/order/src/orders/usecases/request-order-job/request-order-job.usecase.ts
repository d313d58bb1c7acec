import { Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { addJobToOutbox, DomainException } from '@shop/server';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import { orderJob, storedOrderSnapshot } from '../../order-snapshot.js';
import { OrderRepository } from '../../order.repository.js';
import { OrderChanges } from '../shared/order-changes.js';
import { CRUD_RESOURCES } from '@shop/contracts';

type RequestedJob = 'print' | 'email' | 'sms';

const COUNTERS = { print: 'printCount', email: 'emailCount', sms: 'smsCount' } as const;
const JOB_NAMES = { print: 'print-receipt', email: 'email-new-order', sms: 'sms-new-order' } as const;

/** Print, resend e-mail, resend SMS: a job with a deterministic id per request (print-17-2). */
@Injectable()
export class RequestOrderJob {
  constructor(
    private readonly changes: OrderChanges,
    private readonly orders: OrderRepository,
    private readonly catalogue: CatalogueContextCache,
  ) {}

  async execute(actor: Actor | null, id: number, job: RequestedJob): Promise<{ jobId: string }> {
    let jobId = '';
    await this.changes.staffChange(actor, id, `${job}-requested`, async (o, m) => {
      const counter = COUNTERS[job];
      o[counter] += 1;
      const ctx = await this.catalogue.get(o.branchId);
      if (!ctx) throw DomainException.notFound(CRUD_RESOURCES.branches.label);
      // a receipt no printer would ever pull is no print: say so instead of a job that is lost
      if (job === 'print' && !(await this.orders.hasPrinter(m, o.branchId)))
        throw DomainException.of('CONFLICT', 'order.noPrinter', { branch: ctx.branch.name });
      const item = orderJob(
        JOB_NAMES[job],
        await storedOrderSnapshot(m, o, ctx),
        `${job === 'print' ? 'print' : 'resend'}-${o[counter]}`,
      );
      await addJobToOutbox(m, item);
      jobId = item.jobId;
    });
    return { jobId };
  }
}

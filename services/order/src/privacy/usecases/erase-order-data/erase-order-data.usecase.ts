import { Inject, Injectable } from '@nestjs/common';
import type { PrivacyEraseReply, PrivacyFindRequest } from '@shop/contracts';
import { addToOutbox, OUTBOX_RELAY, redactPersonalData, type OutboxKicker } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import { orderEvent } from '../../../orders/order-events.js';
import type { OrderEntity } from '../../../orders/order.entity.js';
import {
  anonymisedCustomer,
  anonymisedJobData,
  anonymisedParts,
  anonymisedQuestionnaire,
  CUSTOMER_ONLY_JOBS,
} from '../../anonymise.js';
import { OrderPrivacyRepository } from '../../order-privacy.repository.js';
import { QueuedOrderJobs } from '../../queued-order-jobs.js';
import { SubjectOrders } from '../shared/subject-orders.js';

type Counts = Record<'orders' | 'orderItems' | 'questionnaires' | 'outbox' | 'messages' | 'jobs', number>;

/**
 * order.privacy.erase (issue 44, GDPR art. 17): the orders of the address or number are anonymised, not deleted (the
 * tax period keeps them; order-retention.ts deletes them after it): the customer's fields, the questionnaire's
 * comment, the texts typed into the lines and the upload file names, the rejection message (anonymise.ts). Every
 * copy goes the same way: the job rows in the outbox (SMS and status e-mails, which only reach the customer, are
 * deleted with their completions; receipts and new-order e-mails keep their row, anonymised, for the receipt status
 * and the re-dispatcher), the workers' failure reports (addresses and numbers redacted), the rendered receipts in the
 * printers' queues, and BullMQ's jobs. One transaction; BullMQ last before the commit, so a Redis failure leaves
 * nothing half done. A second run finds no order (neither address nor number is left): idempotent. Each order's
 * `order.order.updated` (change 'anonymised') drops it from the caches that hold it (the gateway's public view).
 */
@Injectable()
export class EraseOrderData {
  constructor(
    private readonly ds: DataSource,
    private readonly subjectOrders: SubjectOrders,
    private readonly repo: OrderPrivacyRepository,
    private readonly queuedJobs: QueuedOrderJobs,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  async execute(req: PrivacyFindRequest): Promise<PrivacyEraseReply> {
    const counts = await this.ds.transaction(async (m) => {
      const orders = await this.subjectOrders.of(m, req, true);
      const ids = orders.map((o) => o.id);
      const counts: Counts = { orders: 0, orderItems: 0, questionnaires: 0, outbox: 0, messages: 0, jobs: 0 };
      if (!ids.length) return counts;
      counts.orders = ids.length;
      counts.questionnaires = await this.eraseOrders(m, orders);
      counts.orderItems = await this.eraseLines(m, ids);
      counts.outbox = (await this.eraseJobRows(m, ids)) + (await this.redactJobFailures(m, ids));
      counts.messages = await this.repo.clearReceipts(m, ids);
      counts.jobs = await this.queuedJobs.scrub(ids);
      return counts;
    });
    if (counts.orders) void this.relay.kick();
    return { erased: Object.entries(counts).map(([kind, count]) => ({ kind: kind as keyof Counts, count })) };
  }

  /** the orders anonymised, each with its event; answers how many questionnaire comments went */
  private async eraseOrders(m: EntityManager, orders: OrderEntity[]): Promise<number> {
    let comments = 0;
    for (const o of orders) {
      if (o.questionnaire?.comment) comments++;
      await this.repo.eraseOrder(m, o.id, {
        customer: anonymisedCustomer(o.customer),
        questionnaire: anonymisedQuestionnaire(o.questionnaire),
        rejectionMessage: null,
      });
      await addToOutbox(m, 'order.order.updated', orderEvent(o, 'updated', 'anonymised'));
    }
    return comments;
  }

  /** the lines whose parts held typed texts or file names; answers how many changed */
  private async eraseLines(m: EntityManager, ids: number[]): Promise<number> {
    let changed = 0;
    for (const line of await this.repo.linesOf(m, ids)) {
      const parts = anonymisedParts(line.parts);
      if (JSON.stringify(parts) === JSON.stringify(line.parts)) continue;
      await this.repo.replaceParts(m, line.orderId, line.position, parts);
      changed++;
    }
    return changed;
  }

  /** the orders' job rows: the customer-only ones deleted, the others anonymised; answers how many */
  private async eraseJobRows(m: EntityManager, ids: number[]): Promise<number> {
    const rows = await this.repo.jobRowsOf(m, ids);
    const deleted = rows.filter((r) => CUSTOMER_ONLY_JOBS.has(r.payload.name));
    if (deleted.length)
      await this.repo.deleteJobRows(
        m,
        deleted.map((r) => r.id),
        deleted.map((r) => r.payload.jobId),
      );
    const kept = rows.filter((r) => !CUSTOMER_ONLY_JOBS.has(r.payload.name));
    for (const r of kept) await this.repo.replacePayload(m, r.id, { ...r.payload, data: anonymisedJobData(r.payload) });
    return rows.length;
  }

  /** the workers' reports of failed jobs (an SMTP or SMS answer may name the recipient), redacted */
  private async redactJobFailures(m: EntityManager, ids: number[]): Promise<number> {
    let redacted = 0;
    for (const row of await this.repo.jobFailuresOf(m, ids)) {
      const reason = redactPersonalData(row.payload.reason ?? '');
      if (reason === row.payload.reason) continue;
      await this.repo.replacePayload(m, row.id, { ...row.payload, reason });
      redacted++;
    }
    return redacted;
  }
}

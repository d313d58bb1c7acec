import { Injectable } from '@nestjs/common';
import type { PrivacyFindReply, PrivacyFindRequest, PrivacySection } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { OrderPrivacyRepository, type JobRow } from '../../order-privacy.repository.js';
import { SubjectOrders } from '../shared/subject-orders.js';
import { itemRow, messageRow, namesOf, orderRow, questionnaireRow, uploadIdsOf } from './order-rows.js';

const orderIdOf = (row: JobRow) => Number((row.payload.data as { orderId: number }).orderId);

/**
 * order.privacy.find (issue 44, GDPR art. 15/20): every order whose customer gave the address or number, with its
 * lines (options, texts, files), its questionnaire and the e-mails, SMS and receipts sent for it (their job rows,
 * kept 7 days after they were handed to the workers). Answers the orders' and uploads' ids and the names found, for
 * the services that search by them (payment, content, statistics). Reads in one transaction, so the sections agree.
 */
@Injectable()
export class FindOrderData {
  constructor(
    private readonly ds: DataSource,
    private readonly subjectOrders: SubjectOrders,
    private readonly repo: OrderPrivacyRepository,
  ) {}

  execute(req: PrivacyFindRequest): Promise<PrivacyFindReply> {
    return this.ds.transaction('REPEATABLE READ', async (m) => {
      const orders = await this.subjectOrders.of(m, req, false);
      if (!orders.length) return { sections: [], orderIds: [], uploadIds: [], names: [] };
      const ids = orders.map((o) => o.id);
      const uids = new Map(orders.map((o) => [o.id, o.uid]));
      const uidOf = (orderId: number) => uids.get(orderId) ?? String(orderId);
      const lines = await this.repo.linesOf(m, ids);
      const jobs = await this.repo.jobRowsOf(m, ids);
      const sections: PrivacySection[] = [
        { kind: 'orders', rows: orders.map(orderRow) },
        { kind: 'orderItems', rows: lines.map((l) => itemRow(uidOf(l.orderId), l)) },
        { kind: 'questionnaires', rows: orders.map(questionnaireRow).filter((row) => row !== null) },
        { kind: 'messages', rows: jobs.map((j) => messageRow(uidOf(orderIdOf(j)), j)) },
      ];
      return {
        sections: sections.filter((s) => s.rows.length),
        orderIds: ids,
        uploadIds: [...new Set(lines.flatMap(uploadIdsOf))],
        names: [...new Set(orders.flatMap(namesOf))],
      };
    });
  }
}

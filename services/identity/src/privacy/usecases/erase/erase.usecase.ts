import { Inject, Injectable } from '@nestjs/common';
import { PrivacyRequestInput, type Actor, type PrivacyErasure, type PrivacyFindRequest } from '@shop/contracts';
import { LOGGER, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { PrivacyCustomers } from '../shared/privacy-customers.js';
import {
  PRIVACY_SERVICE_TIMEOUT,
  servicesFailed,
  type PrivacyService,
  type PrivacyFindings,
} from '../shared/privacy-finder.js';
import { PrivacyRequests, toRecord } from '../shared/privacy-record.js';

/** what one step erased, per kind (a service's kinds, and identity's 'customers' and 'exports') */
type Erased = Array<{ kind: string; count: number }>;
type Step = [PrivacyService, () => Promise<{ erased: Erased }>];

/** The erased counts summed per kind, in the order the kinds first came. */
function sumCounts(parts: Erased[]): Erased {
  const sums = new Map<string, number>();
  for (const { kind, count } of parts.flat()) sums.set(kind, (sums.get(kind) ?? 0) + count);
  return [...sums].map(([kind, count]) => ({ kind, count }));
}

/**
 * Issue 44, 'Löschung' (GDPR art. 17): every service erases or anonymises what it keeps of the subject, and the
 * counts are recorded (kind 'erase'), never the address. The services that refer to orders and names (content's
 * uploads of an order, statistics' rows naming one) go first; the orders and identity's customers, which those
 * references are found through, only once both succeeded, so a repeated request still finds what is left. A
 * service that does not answer leaves the request incomplete: the record names what is not done, the answer is a
 * German 503, and repeating the request (every service's erase is idempotent) erases the rest.
 */
@Injectable()
export class ErasePrivacy {
  constructor(
    private readonly ds: DataSource,
    private readonly bus: ServiceBus,
    private readonly requests: PrivacyRequests,
    private readonly customers: PrivacyCustomers,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(actor: Actor | null, payload: unknown): Promise<PrivacyErasure> {
    const request = await this.requests.start(actor, payload, PrivacyRequestInput);
    const found = await this.requests.finder.find(request.subject, request.country);
    const ask: PrivacyFindRequest = {
      subject: request.subject,
      orderIds: found.orderIds,
      uploadIds: found.uploadIds,
      names: found.names,
      country: request.country,
    };
    const first = await this.eraseAll([
      ['content', () => this.bus.requestAsService('content.privacy.erase', ask, PRIVACY_SERVICE_TIMEOUT)],
      ['statistics', () => this.bus.requestAsService('statistics.privacy.erase', ask, PRIVACY_SERVICE_TIMEOUT)],
    ]);
    const sources = this.sourceSteps(ask, found);
    const second = first.failed.length
      ? { erased: [], failed: [] as PrivacyService[], heldBack: sources.map(([service]) => service) }
      : { ...(await this.eraseAll(sources)), heldBack: [] as PrivacyService[] };
    const failed = [...first.failed, ...second.failed];
    const record = await this.requests.record(this.ds.manager, request, 'erase', {
      counts: sumCounts([...first.erased, ...second.erased]),
      failedServices: [...failed, ...second.heldBack],
    });
    if (failed.length) throw servicesFailed('eraseIncomplete', failed);
    return { record: toRecord(record), subject: request.subject, names: found.names };
  }

  /**
   * The orders and identity's own customers: what the other services' references are found through; with the
   * customers, the export files not yet downloaded that hold the subject's data.
   */
  private sourceSteps(ask: PrivacyFindRequest, found: PrivacyFindings): Step[] {
    const customers = () =>
      this.ds.transaction(async (m) => {
        const count = await this.customers.erase(m, found.customerIds);
        const exports = await this.customers.eraseExports(m, ask.subject);
        return {
          erased: [
            { kind: 'customers', count },
            { kind: 'exports', count: exports },
          ],
        };
      });
    return [
      ['order', () => this.bus.requestAsService('order.privacy.erase', ask, PRIVACY_SERVICE_TIMEOUT)],
      ['identity', customers],
    ];
  }

  /** Runs the steps at once; answers what each erased and which failed (logged). */
  private async eraseAll(steps: Step[]): Promise<{ erased: Erased[]; failed: PrivacyService[] }> {
    const settled = await Promise.allSettled(steps.map(([, step]) => step()));
    const erased: Erased[] = [];
    const failed: PrivacyService[] = [];
    settled.forEach((s, i) => {
      if (s.status === 'fulfilled') erased.push(s.value.erased);
      else {
        failed.push(steps[i][0]);
        this.logger.warn(
          { err: s.reason, service: steps[i][0] },
          'a service did not erase its part of a privacy request',
        );
      }
    });
    return { erased, failed };
  }
}

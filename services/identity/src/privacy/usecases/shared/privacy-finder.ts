import { Inject, Injectable } from '@nestjs/common';
import {
  PRIVACY_SECTION_KINDS,
  type PrivacyFindReply,
  type PrivacySection,
  type PrivacySubject,
} from '@shop/contracts';
import { PRIVACY_EXPORT_TEXTS, t } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER, privacySubject, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import type { IdentityConfig } from '../../../config/identity-config.js';
import { PrivacyCustomers } from './privacy-customers.js';

/** The services that keep customer data besides identity, as the request's failures name them. */
export type PrivacyService = keyof typeof PRIVACY_EXPORT_TEXTS.services;

/** What every service found for one subject: each section (all kinds, in order) and the references between them. */
export interface PrivacyFindings {
  sections: PrivacySection[];
  orderIds: number[];
  uploadIds: number[];
  /** the customer's names as the orders and the customer master data give them (statistics searches its logs) */
  names: string[];
  /** identity's own customer rows */
  customerIds: number[];
}

/** The normalised subject and the shop's country (ISO 3166) its phone number was read in. */
export interface ReadSubject {
  subject: PrivacySubject;
  country: string;
}

/** The services that did not answer, named in German: the request is not complete (503). */
export function servicesFailed(key: 'servicesFailed' | 'eraseIncomplete', failed: PrivacyService[]) {
  const services = failed.map((s) => PRIVACY_EXPORT_TEXTS.services[s]).join(', ');
  return DomainException.of('SERVICE_UNAVAILABLE', `privacyRequests.${key}`, { services });
}

/**
 * How long identity waits for one service's search or erasure (each reads or rewrites what the service holds of the
 * customer, more than an ordinary request); the gateway waits for up to five such rounds.
 */
export const PRIVACY_SERVICE_TIMEOUT = { timeoutMs: 15_000 };

const unique = <T>(lists: Array<T[] | undefined>): T[] => [...new Set(lists.flatMap((l) => l ?? []))];

/**
 * The search part of every privacy request (issue 44): the query normalised into a subject (a phone number without
 * country code read in the shop's country), then each service asked on identity's own behalf. The order service
 * comes first (its orders' ids, uploads and the names the customer gave); content, payment and identity's customers
 * then search with those; statistics last, with every name found. A service that does not answer fails the request
 * (503 with the services named): a search or export that leaves a service out would look complete and is not.
 */
@Injectable()
export class PrivacyFinder {
  constructor(
    private readonly bus: ServiceBus,
    private readonly customers: PrivacyCustomers,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The normalised subject and the shop's country its phone number was read in (every service reads a stored number
   * without a country code in it too); a phone number that is none is refused (422 at query.phone).
   */
  async subjectOf(query: { email: string | null; phone: string | null }): Promise<ReadSubject> {
    const country = await this.shopCountry();
    const subject = privacySubject(query, country);
    if (query.phone && !subject.phoneDigits.length)
      throw DomainException.validation([{ field: 'query.phone', message: t('privacyRequests.phoneInvalid') }]);
    return { subject, country };
  }

  /** The shop's country from its locale (de-AT → AT); PRIVACY_DEFAULT_COUNTRY when it names none or is unknown. */
  private async shopCountry(): Promise<string> {
    try {
      const { locale } = await this.bus.requestAsService('catalogue.config.get', {});
      const region = new Intl.Locale(locale).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch (err) {
      this.logger.warn({ err }, 'the shop country is unknown: phone numbers are read in PRIVACY_DEFAULT_COUNTRY');
    }
    return this.config.PRIVACY_DEFAULT_COUNTRY;
  }

  /** Every service's part for the subject; `country` (the shop's, see subjectOf) goes with every request. */
  async find(subject: PrivacySubject, country: string): Promise<PrivacyFindings> {
    const [order] = await this.askAll([
      ['order', () => this.bus.requestAsService('order.privacy.find', { subject, country }, PRIVACY_SERVICE_TIMEOUT)],
    ]);
    const orderIds = order.orderIds ?? [];
    const uploadIds = order.uploadIds ?? [];
    const customers = await this.customers.find(subject);
    const [content, payment] = await this.askAll([
      [
        'content',
        () =>
          this.bus.requestAsService(
            'content.privacy.find',
            { subject, orderIds, uploadIds, country },
            PRIVACY_SERVICE_TIMEOUT,
          ),
      ],
      [
        'payment',
        () =>
          this.bus.requestAsService('payment.privacy.find', { subject, orderIds, country }, PRIVACY_SERVICE_TIMEOUT),
      ],
    ]);
    const names = unique([order.names, content.names, customers.names]);
    const [statistics] = await this.askAll([
      [
        'statistics',
        () =>
          this.bus.requestAsService(
            'statistics.privacy.find',
            { subject, orderIds, names, country },
            PRIVACY_SERVICE_TIMEOUT,
          ),
      ],
    ]);
    const replies = [customers.reply, order, content, payment, statistics];
    return {
      sections: PRIVACY_SECTION_KINDS.map((kind) => ({
        kind,
        rows: replies.flatMap((r) => r.sections.filter((s) => s.kind === kind).flatMap((s) => s.rows)),
      })),
      orderIds: unique([orderIds, content.orderIds, payment.orderIds]),
      uploadIds: unique([uploadIds, content.uploadIds]),
      names: unique([names, statistics.names]),
      customerIds: customers.ids,
    };
  }

  /** Asks the services at once; answers their replies in order, or fails naming every one that did not answer. */
  private async askAll(calls: Array<[PrivacyService, () => Promise<PrivacyFindReply>]>): Promise<PrivacyFindReply[]> {
    const settled = await Promise.allSettled(calls.map(([, call]) => call()));
    const failed = calls.filter((_, i) => settled[i].status === 'rejected').map(([service]) => service);
    settled.forEach((s, i) => {
      if (s.status === 'rejected')
        this.logger.warn({ err: s.reason, service: calls[i][0] }, 'a service did not answer a privacy search');
    });
    if (failed.length) throw servicesFailed('servicesFailed', failed);
    return settled.map((s) => (s as PromiseFulfilledResult<PrivacyFindReply>).value);
  }
}

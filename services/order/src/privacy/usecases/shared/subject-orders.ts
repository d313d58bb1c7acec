import { Injectable } from '@nestjs/common';
import type { PrivacyFindRequest } from '@shop/contracts';
import { matchesEmail, matchesPhone } from '@shop/server';
import type { EntityManager } from 'typeorm';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import type { OrderEntity } from '../../../orders/order.entity.js';
import { OrderPrivacyRepository } from '../../order-privacy.repository.js';

/**
 * a number without a country code is read as Austrian when neither the order, its branch nor the request (the shop's
 * country) names a country
 */
const DEFAULT_COUNTRY = 'AT';

/**
 * The orders of a privacy request's subject: SQL pre-selects by address and by the phone's national digits, then
 * each phone is parsed in the order's country (the customer's, else the branch's, else the shop's the request names)
 * so a foreign number with the same digits is left out. Shared by the find and the erasure, so both act on exactly
 * the same orders.
 */
@Injectable()
export class SubjectOrders {
  constructor(
    private readonly repo: OrderPrivacyRepository,
    private readonly catalogue: CatalogueContextCache,
  ) {}

  async of(m: EntityManager, { subject, country }: PrivacyFindRequest, lock: boolean): Promise<OrderEntity[]> {
    if (!subject.emails.length && !subject.phoneDigits.length) return [];
    const candidates = await this.repo.candidates(m, subject.emails, subject.phoneDigits, lock);
    const countries = await this.branchCountries(candidates.filter((o) => !o.customer.country));
    const shopCountry = country ?? DEFAULT_COUNTRY;
    return candidates.filter(
      (o) =>
        matchesEmail(o.customer.email, subject) ||
        matchesPhone(o.customer.phone, subject, o.customer.country || countries.get(o.branchId) || shopCountry),
    );
  }

  /** the countries of the orders' branches as the catalogue has them; none when it cannot answer (then the shop's) */
  private async branchCountries(orders: OrderEntity[]): Promise<Map<number, string>> {
    const countries = new Map<number, string>();
    for (const branchId of new Set(orders.map((o) => o.branchId))) {
      const country = await this.catalogue.get(branchId).then(
        (ctx) => ctx?.branch.country,
        () => undefined,
      );
      if (country) countries.set(branchId, country);
    }
    return countries;
  }
}

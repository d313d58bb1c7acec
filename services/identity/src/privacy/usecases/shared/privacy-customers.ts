import { Injectable } from '@nestjs/common';
import type { PrivacyFindReply, PrivacySubject, PrivacyValue } from '@shop/contracts';
import { PRIVACY_EXPORT_TEXTS } from '@shop/i18n-de';
import { matchesEmail, matchesPhone, privacySubjectHash } from '@shop/server';
import type { EntityManager } from 'typeorm';
import type { CustomerEntity } from '../../../customers/customer.entity.js';
import { PrivacyRepository } from '../../privacy.repository.js';

const FIELDS = PRIVACY_EXPORT_TEXTS.customerFields;

/** A customer row as the export shows it: every field of `customerFields` under its German name, times as ISO. */
function customerRow(c: CustomerEntity): Record<string, PrivacyValue> {
  return Object.fromEntries(
    (Object.keys(FIELDS) as Array<keyof typeof FIELDS>).map((field) => {
      const value = c[field];
      return [FIELDS[field], value instanceof Date ? value.toISOString() : value];
    }),
  );
}

/**
 * identity's own part of a privacy request: the customers of the back office (`customer`) whose address or phone
 * number is the subject's, the number compared in the customer's own country.
 */
@Injectable()
export class PrivacyCustomers {
  constructor(private readonly repo: PrivacyRepository) {}

  async find(subject: PrivacySubject): Promise<{ reply: PrivacyFindReply; ids: number[]; names: string[] }> {
    const candidates = await this.repo.customerCandidates(subject);
    const found = candidates.filter((c) => matchesEmail(c.email, subject) || matchesPhone(c.phone, subject, c.country));
    const names = found
      .map((c) => [c.firstName, c.lastName].filter((n) => n?.trim()).join(' '))
      .filter((name) => name.length > 0);
    return {
      reply: { sections: [{ kind: 'customers', rows: found.map(customerRow) }] },
      ids: found.map((c) => c.id),
      names,
    };
  }

  /**
   * Deletes the customers found: no other table (identity's or another service's) refers to a customer row (an order
   * keeps its own copy of the customer's details), so nothing needs the row kept in an anonymised form.
   */
  erase(m: EntityManager, ids: number[]): Promise<number> {
    return this.repo.deleteCustomers(m, ids);
  }

  /** The export files not yet downloaded that hold the subject's data (see PrivacyRepository.clearExportsOf). */
  eraseExports(m: EntityManager, subject: PrivacySubject): Promise<number> {
    return this.repo.clearExportsOf(m, subject, privacySubjectHash(subject));
  }
}

import { Injectable } from '@nestjs/common';
import type { PrivacySubject } from '@shop/contracts';
import { GenerateSql, phoneDigitsSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import type { CustomerEntity } from '../customers/customer.entity.js';

const SUBJECT: PrivacySubject = {
  emails: ['anna.berger@example.at'],
  phoneDigits: ['6641234567'],
  phonesE164: ['+436641234567'],
};

/** identity's queries of issue 44: its own customers found by address or number, their erasure, the export sweep. */
@Injectable()
export class PrivacyRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * The customers whose address is the subject's (case and blanks ignored) or whose phone's digits end with its
   * national number: candidates, which the caller checks with matchesPhone in the customer's own country.
   */
  @GenerateSql({ params: [SUBJECT] })
  customerCandidates(subject: PrivacySubject): Promise<CustomerEntity[]> {
    return this.ds.query(
      `SELECT c.* FROM "identity"."customer" c
        WHERE lower(trim(c.email)) = ANY($1::text[]) OR ${phoneDigitsSql('c.phone', '$2')}
        ORDER BY c.id`,
      [subject.emails, subject.phoneDigits],
    );
  }

  /** Deletes these customers (nothing references a customer row); answers how many went. */
  @GenerateSql({ params: ({ manager }) => [manager, [1, 2]] })
  async deleteCustomers(m: EntityManager, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const [, count] = (await m.query(`DELETE FROM "identity"."customer" WHERE id = ANY($1::int[])`, [ids])) as [
      unknown,
      number,
    ];
    return count;
  }

  /**
   * An erasure's part of the exports: the files not yet downloaded of the same subject, or that hold its address or
   * number (an export asked by the number holds the address too), are deleted; the records stay. Answers how many.
   */
  @GenerateSql({ params: ({ manager }) => [manager, SUBJECT, 'ab12'] })
  async clearExportsOf(m: EntityManager, subject: PrivacySubject, subjectHash: string): Promise<number> {
    const [, count] = (await m.query(
      `UPDATE "identity"."privacy_request" SET "exportBody" = NULL, "updatedAt" = now()
        WHERE "exportBody" IS NOT NULL AND (
          "subjectHash" = $1
          OR EXISTS (SELECT 1 FROM unnest($2::text[]) AS e(a) WHERE strpos(lower("exportBody"), e.a) > 0)
          OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS d(n)
                      WHERE strpos(regexp_replace("exportBody", '[ ./()-]', '', 'g'), d.n) > 0))`,
      [subjectHash, subject.emails, subject.phoneDigits],
    )) as [unknown, number];
    return count;
  }

  /** Clears the files of exports whose time ran out before `now` (the records stay); answers how many. */
  @GenerateSql({ params: [new Date('2026-01-01T00:00:00Z')] })
  async clearExpiredExports(now: Date): Promise<number> {
    const [, count] = (await this.ds.query(
      `UPDATE "identity"."privacy_request" SET "exportBody" = NULL, "updatedAt" = now()
        WHERE "exportBody" IS NOT NULL AND "exportExpiresAt" <= $1`,
      [now],
    )) as [unknown, number];
    return count;
  }
}

import { Injectable } from '@nestjs/common';
import {
  PrivacyRequestInput,
  type Actor,
  type PrivacyRequestKind,
  type PrivacyRequestRecord,
  type PrivacySection,
  type PrivacySubject,
} from '@shop/contracts';
import { parseOrThrow, privacySubjectHash, requireAccess } from '@shop/server';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { UserEntity } from '../../../users/user.entity.js';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';
import { PrivacyFinder } from './privacy-finder.js';

/**
 * A request as it starts: the staff member (permission `privacy`), the checked input, the normalised subject and the
 * shop's country its phone number was read in (sent with every find and erase request).
 */
export interface StartedRequest<I> {
  actor: Actor;
  input: I;
  subject: PrivacySubject;
  country: string;
}

/** The record as the back office and the gateway see it (never the body of an export). */
export function toRecord(e: PrivacyRequestEntity): PrivacyRequestRecord {
  return {
    id: e.id,
    kind: e.kind,
    requestedBy: e.requestedBy,
    handledBy: { id: e.handledById, name: e.handledByName },
    subjectHash: e.subjectHash,
    counts: e.counts,
    createdAt: e.createdAt.toISOString(),
    exportFormat: e.exportFormat,
    exportExpiresAt: e.exportExpiresAt?.toISOString() ?? null,
    exportDownloadedAt: e.exportDownloadedAt?.toISOString() ?? null,
    failedServices: e.failedServices,
  };
}

/** How many rows each section holds (every section, none left out). */
export const countsOf = (sections: PrivacySection[]) => sections.map((s) => ({ kind: s.kind, count: s.rows.length }));

/**
 * What the search, export and erase use cases share: the access check and the input (German 403 and 422 before
 * anything is asked), and the new record with the staff member's name as it is today.
 */
@Injectable()
export class PrivacyRequests {
  constructor(readonly finder: PrivacyFinder) {}

  async start<S extends z.ZodType<z.output<typeof PrivacyRequestInput>>>(
    actor: Actor | null,
    payload: unknown,
    schema: S,
  ): Promise<StartedRequest<z.output<S>>> {
    const staff = requireAccess(actor, 'privacy');
    const input = parseOrThrow(schema, payload);
    return { actor: staff, input, ...(await this.finder.subjectOf(input.query)) };
  }

  /** Saves a new record of the request (in the caller's transaction). */
  async record(
    m: EntityManager,
    request: StartedRequest<{ requestedBy: string }>,
    kind: PrivacyRequestKind,
    fields: Partial<PrivacyRequestEntity> = {},
  ): Promise<PrivacyRequestEntity> {
    const user = await m.getRepository(UserEntity).findOneBy({ id: request.actor.id });
    const name = [user?.firstName, user?.lastName].filter((n) => n?.trim()).join(' ');
    return m.getRepository(PrivacyRequestEntity).save({
      kind,
      requestedBy: request.input.requestedBy,
      handledById: request.actor.id,
      handledByName: name || user?.username || request.actor.username,
      subjectHash: privacySubjectHash(request.subject),
      counts: [],
      failedServices: [],
      exportFormat: null,
      exportBody: null,
      exportExpiresAt: null,
      exportDownloadedAt: null,
      ...fields,
    });
  }
}

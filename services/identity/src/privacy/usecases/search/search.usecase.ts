import { Injectable } from '@nestjs/common';
import { PrivacyRequestInput, type Actor, type PrivacySearchResult } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { countsOf, PrivacyRequests, toRecord } from '../shared/privacy-record.js';

/**
 * Issue 44, 'Auskunft': every service's rows for an e-mail address and/or phone number, as the back office lists
 * them; recorded (kind 'search') with the counts per section and a hash of the subject, never the address.
 */
@Injectable()
export class SearchPrivacy {
  constructor(
    private readonly ds: DataSource,
    private readonly requests: PrivacyRequests,
  ) {}

  async execute(actor: Actor | null, payload: unknown): Promise<PrivacySearchResult> {
    const request = await this.requests.start(actor, payload, PrivacyRequestInput);
    const { sections } = await this.requests.finder.find(request.subject, request.country);
    const record = await this.requests.record(this.ds.manager, request, 'search', { counts: countsOf(sections) });
    return { request: toRecord(record), sections };
  }
}

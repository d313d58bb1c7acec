import { Injectable } from '@nestjs/common';
import type { PrivacyFindReply } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { PrivacyRepository } from '../../privacy.repository.js';
import { eventMentions, logMentions, privacySections } from '../shared/privacy-sections.js';
import { privacySearch } from '../shared/privacy-request.js';

/**
 * statistics.privacy.find (issue 44; the identity service only): the system log entries and the analytics events
 * whose text holds the subject's e-mail address, phone number or one of the names the order service found with them.
 * A log entry that only names an order id is no personal data and is not listed. The order facts and rollups hold
 * no customer data (amounts, origins, product names), so there is nothing else to list.
 */
@Injectable()
export class FindPersonalData {
  constructor(
    private readonly ds: DataSource,
    private readonly privacy: PrivacyRepository,
  ) {}

  async execute(raw: unknown): Promise<PrivacyFindReply> {
    const { needles, text, empty } = privacySearch(raw);
    if (empty) return { sections: privacySections([], []) };
    const m = this.ds.manager;
    const logs = (await this.privacy.logCandidates(m, needles, false)).filter((l) => logMentions(text, l));
    const events = (await this.privacy.eventCandidates(m, needles, false)).filter((e) => eventMentions(text, e));
    return { sections: privacySections(logs, events) };
  }
}

import { Injectable } from '@nestjs/common';
import type { PrivacyEraseReply } from '@shop/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { PrivacyRepository, type PersonalNeedles } from '../../privacy.repository.js';
import type { PersonalText } from '../shared/personal-text.js';
import { ANALYTICS_TEXT_METRICS, eventMentions, logMentions } from '../shared/privacy-sections.js';
import { privacySearch } from '../shared/privacy-request.js';

/**
 * statistics.privacy.erase (issue 44; the identity service only): the subject's e-mail address, phone number and
 * names are replaced ('[E-Mail]', '[Telefon]', '[Name]', with every other address or number redactPersonalData
 * finds in the same text) in the system log (message, context) and the analytics events (action, category, page,
 * data). The rows stay: the log is the system's, the events are counted in the statistics. A visitor's last page and
 * the analytics rollup keys counted from such a text are renamed alike (their sums move to the redacted key), so
 * every metric keeps its totals and a later recount of the visitor's day meets the keys it counted. The order facts
 * and their rollups hold no customer data and are not touched: amounts and taxes still add up. One transaction,
 * locking in the ingestion's order (visitor days, then the rollup layers); a second erase finds nothing.
 */
@Injectable()
export class ErasePersonalData {
  constructor(
    private readonly ds: DataSource,
    private readonly privacy: PrivacyRepository,
  ) {}

  async execute(raw: unknown): Promise<PrivacyEraseReply> {
    const { needles, text, empty } = privacySearch(raw);
    if (empty) return { erased: [counted('logs', 0), counted('analytics', 0)] };
    return this.ds.transaction(async (m) => {
      const logs = await this.eraseLogs(m, needles, text);
      const events = await this.eraseEvents(m, needles, text);
      await this.eraseVisitorPages(m, needles, text);
      await this.eraseRollupKeys(m, needles, text);
      return { erased: [counted('logs', logs), counted('analytics', events)] };
    });
  }

  private async eraseLogs(m: EntityManager, needles: PersonalNeedles, text: PersonalText): Promise<number> {
    const rows = (await this.privacy.logCandidates(m, needles, true)).filter((l) => logMentions(text, l));
    await this.privacy.updateLogs(
      m,
      rows.map((l) => ({ id: l.id, message: text.redactText(l.message), context: text.redactValue(l.context) })),
    );
    return rows.length;
  }

  private async eraseEvents(m: EntityManager, needles: PersonalNeedles, text: PersonalText): Promise<number> {
    const rows = (await this.privacy.eventCandidates(m, needles, true)).filter((e) => eventMentions(text, e));
    await this.privacy.updateEvents(
      m,
      rows.map((e) => ({
        id: e.id,
        action: text.redactText(e.action),
        category: text.redactText(e.category),
        page: e.page === null ? null : text.redactText(e.page),
        data: text.redactValue(e.data),
      })),
    );
    return rows.length;
  }

  private async eraseVisitorPages(m: EntityManager, needles: PersonalNeedles, text: PersonalText): Promise<void> {
    const days = (await this.privacy.visitorDayCandidates(m, needles)).filter((d) => text.mentions(d.lastPage));
    await this.privacy.updateVisitorDays(
      m,
      days.map((d) => ({ ...d, lastPage: text.redact(d.lastPage) })),
    );
  }

  private async eraseRollupKeys(m: EntityManager, needles: PersonalNeedles, text: PersonalText): Promise<void> {
    const candidates = await this.privacy.rollupKeyCandidates(m, needles, ANALYTICS_TEXT_METRICS);
    const renamed = candidates.filter((k) => text.mentions(k)).map((k) => [k, text.redact(k)] as const);
    // a key redacted to itself would be deleted and inserted in one statement: there is none (redact changes what
    // mentions finds), and it is left out all the same
    const moves = renamed.filter(([from, to]) => from !== to);
    await this.privacy.renameRollupKeys(
      m,
      ANALYTICS_TEXT_METRICS,
      moves.map(([from]) => from),
      moves.map(([, to]) => to),
    );
  }
}

const counted = (kind: 'logs' | 'analytics', count: number) => ({ kind, count });

import type { RpcMap } from '../../bus/subjects.js';
import type { TimeTrackingForwardedSubject } from '../../bus/rpc/time-tracking.js';
import type { InitEntry, ListMeta } from '../envelope.js';
import type { User } from '../../identity/identity.schema.js';
import type { BackofficeWebsites, SitePreviewLink } from '../../content/site.schema.js';
import type { FrontdeskOrder, PublicOrder, StaffOrder } from '../../order/order.schema.js';
import type { PrivacyRequestRecord, PrivacySearchResult } from '../../privacy/privacy.schema.js';

/**
 * The answer types of the gateway's HTTP API that are not the reply of one bus subject: the OpenAPI document
 * names them (`@Returns('StaffLogin')`), scripts/openapi-client.mjs turns each into the JSON Schema of
 * response-schemas.generated.ts, and the web apps' client is generated from that document.
 */
export interface HttpAnswers {
  InitEntry: InitEntry;
  ListMeta: ListMeta;
  PublicOrder: PublicOrder;
  StaffOrder: StaffOrder;
  FrontdeskOrder: FrontdeskOrder;
  /** The login answer: the user and the CSRF token for the session's writes. */
  StaffLogin: StaffLogin;
  AltchaChallenge: AltchaChallenge;
  CsrfToken: { csrfToken: string };
  LoginLink: { url: string; expiresAt: string };
  BackofficeWebsites: BackofficeWebsites;
  SitePreviewLink: SitePreviewLink;
  AcceptedEvents: { accepted: number };
  /** issue 44: a customer's data found (search), and the record of a request (export, erasure, the list) */
  PrivacySearchResult: PrivacySearchResult;
  PrivacyRequestRecord: PrivacyRequestRecord;
}

/** The bus subjects whose reply the gateway answers with as it is (`@Returns('order.order.get')`). */
export type ForwardedSubject =
  | 'catalogue.branch.menus'
  | 'catalogue.branch.rotate-screen-key'
  | 'catalogue.config.get'
  | 'content.ai.generation.get'
  | 'content.ai.status'
  | 'content.font.list'
  | 'content.form.submit'
  | 'content.image-template.layers'
  | 'content.image-template.render'
  | 'content.image.get'
  | 'content.image.list'
  | 'content.site.preview'
  | 'content.upload.create'
  | 'content.upload.rename'
  | 'identity.mfa.disable'
  | 'identity.mfa.enable'
  | 'identity.mfa.setup'
  | 'identity.mfa.status'
  | 'identity.user.me'
  | 'identity.user.unlock'
  | 'order.device.logs'
  | 'order.device.notifications-poll'
  | 'order.device.queue'
  | 'order.device.request-logs'
  | 'order.device.test-notification'
  | 'order.device.test-print'
  | 'order.order.current'
  | 'order.order.get'
  | 'order.order.missed'
  | 'order.order.propose-counter-appointment'
  | 'order.order.public'
  | 'order.order.confirm-counter-appointment'
  | 'order.order.reject-counter-appointment'
  | 'order.order.questionnaire'
  | 'order.order.request-job'
  | 'order.order.transition'
  | 'order.order.update-item'
  | 'order.order.update-payment-status'
  | 'order.printer.cloudprnt-confirm'
  | 'order.printer.cloudprnt-poll'
  | 'signage.device.abort-command'
  | 'signage.device.bulk-command'
  | 'signage.device.command'
  | 'signage.device.rotate-key'
  | 'signage.player.heartbeat'
  | 'signage.player.menu-board'
  | 'signage.player.pickup-board'
  | 'signage.player.result'
  | 'signage.player.schedule'
  | 'signage.stream.preview'
  | 'statistics.log.get'
  | 'statistics.metric.get'
  | 'statistics.user-profile.get'
  | 'statistics.user-profile.working-activities'
  | 'time-tracking.access-token.issue'
  | 'time-tracking.access-token.list'
  | 'time-tracking.access-token.revoke'
  | 'time-tracking.balance.list'
  | 'time-tracking.clock.act'
  | 'time-tracking.clock.me'
  | 'time-tracking.holiday-balance.list'
  | 'time-tracking.holiday-entitlement.save'
  | 'time-tracking.terminal.act'
  | 'time-tracking.terminal.list'
  | 'time-tracking.terminal.me'
  | 'time-tracking.time-clock.create'
  | 'time-tracking.time-clock.delete'
  | 'time-tracking.time-clock.list'
  | TimeTrackingForwardedSubject;

/** Every answer the document names: the HTTP answers, and the forwarded replies by subject. */
export type ApiResponses = HttpAnswers & { [S in ForwardedSubject]: RpcMap[S]['res'] };

/** The login answer: the user and the CSRF token for the session's writes. */
export interface StaffLogin {
  user: User;
  csrfToken: string;
  /** an administrator without the required two-factor login: only its enrolment is open */
  mfaSetupRequired?: boolean;
}

/** An ALTCHA proof-of-work challenge (altcha-lib's Challenge): solved in the browser, sent back in X-Altcha. */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** A JSON Schema (2020-12) as the OpenAPI 3.1 document holds it. */
export type JsonSchema = Record<string, unknown>;

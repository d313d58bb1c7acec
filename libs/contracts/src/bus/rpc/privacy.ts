import type {
  PrivacyEraseReply,
  PrivacyErasure,
  PrivacyExportInput,
  PrivacyFindReply,
  PrivacyFindRequest,
  PrivacyRequestInput,
  PrivacyRequestRecord,
  PrivacySearchResult,
} from '../../privacy/privacy.schema.js';
import type { ListReply, ListRequest } from './common.js';

/**
 * Issue 44's subjects (part of RpcMap): each service that stores customer data finds and erases it; the identity
 * service runs the request (search, export, erase), keeps its record and the export file.
 */
export interface PrivacyRpc {
  'order.privacy.find': { req: PrivacyFindRequest; res: PrivacyFindReply };
  'order.privacy.erase': { req: PrivacyFindRequest; res: PrivacyEraseReply };
  'content.privacy.find': { req: PrivacyFindRequest; res: PrivacyFindReply };
  'content.privacy.erase': { req: PrivacyFindRequest; res: PrivacyEraseReply };
  'statistics.privacy.find': { req: PrivacyFindRequest; res: PrivacyFindReply };
  'statistics.privacy.erase': { req: PrivacyFindRequest; res: PrivacyEraseReply };
  'payment.privacy.find': { req: PrivacyFindRequest; res: PrivacyFindReply };
  /** search: finds and records (kind 'search'); the sections as the back office lists them */
  'identity.privacy.search': { req: PrivacyRequestInput; res: PrivacySearchResult };
  /** export: finds, records (kind 'export') and keeps the file until it is downloaded once or expires */
  'identity.privacy.export': { req: PrivacyExportInput; res: PrivacyRequestRecord };
  /** the export's file, once, by the staff member who asked for it (then deleted) */
  'identity.privacy.download': {
    req: { id: number };
    res: { fileName: string; contentType: string; body: string };
  };
  /**
   * erase: every service erases or anonymises; records the counts (kind 'erase'); the gateway gets the subject and
   * the names besides (for the demo mail catcher), the record keeps neither
   */
  'identity.privacy.erase': { req: PrivacyRequestInput; res: PrivacyErasure };
  /** the records (administrators) */
  'identity.privacy.list': { req: ListRequest; res: ListReply<PrivacyRequestRecord> };
}
